export { ProfileSection } from './components/ProfileSection';
