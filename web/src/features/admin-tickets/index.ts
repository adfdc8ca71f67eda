export { TicketsScreen } from './components/TicketsScreen';
