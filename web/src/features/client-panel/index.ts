export { ClientPanel, type ClientPanelProps } from './components/ClientPanel';
