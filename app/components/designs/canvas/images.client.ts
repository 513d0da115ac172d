import { useEffect, useState } from "react";
import { sceneUploadIds, type Scene } from "../../../../core/designs/scene";
import type { LoadedImage } from "./scene-shapes";

/**
 * The uploads a scene draws, loaded once per page from `/files/:id` (same origin, so the canvas
 * stays readable for the export) and shared by the stage and the export.
 */
const loading = new Map<number, Promise<LoadedImage>>();
const loaded = new Map<number, LoadedImage>();

export const uploadImageUrl = (uploadId: number) => `/files/${uploadId}`;

export function loadUploadImage(uploadId: number): Promise<LoadedImage> {
  let promise = loading.get(uploadId);
  if (!promise) {
    promise = new Promise<LoadedImage>((resolve, reject) => {
      const image = new window.Image();
      image.decoding = "async";
      image.onload = () => {
        const result = { image, width: image.naturalWidth, height: image.naturalHeight };
        loaded.set(uploadId, result);
        resolve(result);
      };
      image.onerror = () => {
        // Let a later attempt try again (the upload may have been replaced or the network back).
        loading.delete(uploadId);
        reject(new Error(`The image ${uploadId} could not be loaded.`));
      };
      image.src = uploadImageUrl(uploadId);
    });
    loading.set(uploadId, promise);
  }
  return promise;
}

export const loadedUploadImage = (uploadId: number): LoadedImage | undefined => loaded.get(uploadId);

/** Every image of the scene, loaded; rejects if one cannot be (an export must not leave it out). */
export const loadSceneImages = (scene: Scene) => Promise.all(sceneUploadIds(scene).map(loadUploadImage));

/**
 * For the stage: the scene's images as they arrive (undefined until then; `version` changes as
 * each arrives) and the uploads that failed to load (the stage keeps a grey box there).
 */
export function useSceneImages(scene: Scene): { image(uploadId: number): LoadedImage | undefined; failed: number[]; version: number } {
  const [version, setVersion] = useState(0);
  const [failed, setFailed] = useState<number[]>([]);
  const ids = sceneUploadIds(scene);
  const key = ids.join(",");
  useEffect(() => {
    let live = true;
    for (const id of key ? key.split(",").map(Number) : []) {
      if (loaded.has(id)) continue;
      loadUploadImage(id).then(
        () => live && setVersion((version) => version + 1),
        () => live && setFailed((ids) => (ids.includes(id) ? ids : [...ids, id])),
      );
    }
    return () => {
      live = false;
    };
  }, [key]);
  return { image: loadedUploadImage, failed: failed.filter((id) => ids.includes(id)), version };
}
