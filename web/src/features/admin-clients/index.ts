export { ClientsScreen } from './components/ClientsScreen';
export { ClientProfile } from './components/ClientProfile';
