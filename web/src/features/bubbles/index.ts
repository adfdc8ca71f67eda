export { BubblesSection } from './components/BubblesSection';
export { useBubbleLiveUpdates } from './hooks/use-bubble-live-updates';
