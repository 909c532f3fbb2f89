// What other features may use of the ISBN lookup: filling a book's form from its ISBN.
export { IsbnAutofill } from './isbn-autofill.tsx';
export { detectorClass as barcodeDetectorClass, IsbnScanner } from './scan-isbn-button.tsx';
export { useTakeCover } from './use-take-cover.ts';
