export { useBubbleLiveUpdates } from './hooks/use-bubble-live-updates';
export { BubblesPicker } from './components/BubblesPicker';
