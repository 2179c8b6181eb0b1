// Types for jest-dom's matchers (toBeInTheDocument, ...) in this package's tests.
import '@testing-library/jest-dom';
