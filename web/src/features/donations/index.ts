// What the app composes into other screens (features never import each other).
export { default as StrayDonation } from './components/StrayDonation';
export { default as MyDonations } from './components/MyDonations';
