// The bubbles management screen (profile → bubbles), a second entry of the feature: the workspace imports the
// picker from index.ts, and this one keeps the list and form out of the workspace's first download.
export { BubblesSection } from './components/BubblesSection';
