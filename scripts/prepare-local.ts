// `npm run dev` first brings the local D1 up to date and seeds it, like `npm start`.
import { prepareDatabase } from "./local-stack";

await prepareDatabase({});
