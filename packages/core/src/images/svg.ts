/** SVG of a scene: a background rectangle and one <rect> per rectangle, drawn with crisp edges. */
import { hexOf, type Scene } from './scene.js';

export function sceneToSvg(scene: Scene): string {
  const { width, height, palette } = scene;
  const fills = palette.map(hexOf);
  let body = `<rect width="${width}" height="${height}" fill="${fills[scene.background]}"/>`;
  for (const r of scene.rects) {
    if (r.width <= 0 || r.height <= 0) continue;
    body += `<rect x="${r.x}" y="${r.y}" width="${r.width}" height="${r.height}" fill="${fills[r.color]}"/>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" shape-rendering="crispEdges">` +
    body +
    '</svg>'
  );
}
