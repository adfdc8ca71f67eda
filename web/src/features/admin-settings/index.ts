export { SettingsScreen } from './components/SettingsScreen';
