import { ApiError, apiErrorOf } from '#web/lib/api.ts';

export interface UploadedPhoto {
  url: string;
  thumbnail: string;
}

/**
 * Sends the photo to POST /api/upload as the multipart field `image`. XMLHttpRequest rather than fetch
 * because only it reports upload progress; `onProgress` gets 0–100.
 */
export function uploadPhoto(file: File, onProgress: (percent: number) => void): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/upload');
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      const body = request.response as { data?: UploadedPhoto } | null;
      if (request.status === 201 && body?.data) {
        onProgress(100);
        resolve(body.data);
      } else {
        reject(apiErrorOf(request.status, body, `The upload failed (${request.status})`));
      }
    });
    request.addEventListener('error', () =>
      reject(new ApiError(0, { error: 'The upload failed: check your connection', code: 'NETWORK_ERROR' })),
    );
    const form = new FormData();
    form.append('image', file);
    request.send(form);
  });
}
