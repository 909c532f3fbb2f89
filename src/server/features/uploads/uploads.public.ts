// What other features may use of uploads: taking a picture in (and its rate limit), and holding or deleting the stored ones.
export { imageUploadBody, imageUploadMiddleware } from './image-upload.ts';
export { findStoredImage, type StoredImage } from './stored-image.ts';
export { deletePicturesLater, holdPictures, picturesOfBook } from './unused-pictures.ts';
export { notUploadedBy, storeUpload } from './uploaded-pictures.ts';
export { uploadCalls } from './uploads.rate-limits.ts';
