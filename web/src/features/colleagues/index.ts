export { ColleagueList } from './components/ColleagueList';
export { useColleague } from './api/get-colleagues';
export { usePresenceLiveUpdates } from './hooks/use-presence-live-updates';
