export { ChecklistCard } from './components/ChecklistCard';
export { GetStarted } from './components/GetStarted';
export { useOnboarding } from './api/get-onboarding';
export { checklistOpen, GET_STARTED_PATH } from './lib/checklist';
