// Types for the jest-dom matchers that jest.setup.dom.cjs installs (toBeInTheDocument, toHaveFocus, …).
import '@testing-library/jest-dom';
