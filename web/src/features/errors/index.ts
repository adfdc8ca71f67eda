export { ErrorScreen } from './components/ErrorScreen';
