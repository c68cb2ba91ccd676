/**
 * Type test (checked by tsc, never run): code written against the platform's R2Bucket accepts the
 * simulator's bucket unchanged.
 *
 * The platform's types come from the module form of @cloudflare/workers-types (`index.ts`), imported
 * for types only, so its global declarations never leak into the project.
 *
 * Both directions of the options are checked: every member of workers-types' R2 surface (ssecKey on
 * put, get and createMultipartUpload, R2UploadPartOptions on uploadPart) is accepted by StoreBucket's own
 * types, so code typed against StoreBucket compiles where code typed against R2Bucket does.
 */
import type {
  R2Bucket,
  R2GetOptions,
  R2ListOptions,
  R2MultipartOptions,
  R2MultipartUpload,
  R2Object,
  R2ObjectBody,
  R2Objects,
  R2PutOptions,
  R2UploadedPart,
  R2UploadPartOptions,
} from "@cloudflare/workers-types/index.ts";
import { createCore } from "../core/context.ts";
import {
  createObjectStoreArea,
  type StoreBucket,
  type StoreGetOptions,
  type StoreListOptions,
  type StoreMultipartOptions,
  type StoreObject,
  type StoreObjectBody,
  type StorePutOptions,
  type StoreUploadPartOptions,
} from "./index.ts";

const bucket = createObjectStoreArea(createCore({})).bucket("typecheck");

// Code written for the platform: takes an R2Bucket.
async function platformCode(b: R2Bucket): Promise<void> {
  const put: R2Object = await b.put("k", "v", { httpMetadata: { contentType: "text/plain" } });
  const head: R2Object | null = await b.head(put.key);
  const body: R2ObjectBody | null = await b.get("k", { range: { offset: 0, length: 1 } });
  const cond: R2ObjectBody | R2Object | null = await b.get("k", { onlyIf: { etagMatches: head?.etag ?? "" } });
  const list: R2Objects = await b.list({ prefix: "k", include: ["httpMetadata"] });
  const upload: R2MultipartUpload = await b.createMultipartUpload("m");
  const part: R2UploadedPart = await upload.uploadPart(1, "x");
  await upload.complete([part]);
  b.resumeMultipartUpload("m", upload.uploadId);
  await b.delete(["k", "m"]);
  void body?.text();
  void cond;
  void list.truncated;
}

// The simulator's bucket is accepted where an R2Bucket is expected.
export const accepted: R2Bucket = bucket;
export const run: () => Promise<void> = () => platformCode(bucket);
// The values it hands out are the platform's shapes.
export const objectBody = (o: StoreObjectBody): R2ObjectBody => o;
export const object = (o: StoreObject): R2Object => o;

// The platform's option types are accepted by the simulator's own signatures (no member missing).
export const putOptions = (o: R2PutOptions): StorePutOptions => o;
export const getOptions = (o: R2GetOptions): StoreGetOptions => o;
export const listOptions = (o: R2ListOptions): StoreListOptions => o;
export const multipartOptions = (o: R2MultipartOptions): StoreMultipartOptions => o;
export const uploadPartOptions = (o: R2UploadPartOptions): StoreUploadPartOptions => o;

// Code typed against StoreBucket uses the whole surface, customer keys included.
async function simulatorCode(b: StoreBucket): Promise<void> {
  const key = "0".repeat(64);
  await b.put("k", "v", { ssecKey: key, storageClass: "InfrequentAccess" });
  await b.get("k", { ssecKey: new ArrayBuffer(32) });
  const upload = await b.createMultipartUpload("m", { ssecKey: key });
  const part = await upload.uploadPart(1, "x", { ssecKey: key });
  const done: R2Object = await upload.complete([part]);
  const md5: string | undefined = done.ssecKeyMd5;
  void md5;
}
export const simulator: () => Promise<void> = () => simulatorCode(bucket);
