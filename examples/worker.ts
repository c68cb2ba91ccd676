/**
 * A Workers-style handler with one bucket binding: a tiny file service.
 *   PUT /<key> stores the body, GET /<key> returns it (honouring If-None-Match), DELETE /<key>
 *   removes it, GET / lists the keys.
 * In a Workers project `R2Bucket` is a global type (from `wrangler types`); here it is imported
 * from the module form of @cloudflare/workers-types, for types only.
 */
import type { R2Bucket, R2Object, R2ObjectBody } from "@cloudflare/workers-types/index.ts";

export interface Env {
  FILES: R2Bucket;
  GREETING: string;
}

/** get() gives the metadata without a body when its condition fails. */
function hasBody(object: R2Object | R2ObjectBody): object is R2ObjectBody {
  return "body" in object && object.body !== undefined;
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const key = decodeURIComponent(new URL(request.url).pathname.slice(1));
    if (key === "") {
      if (request.method !== "GET") return new Response("method not allowed", { status: 405 });
      const listed = await env.FILES.list();
      return Response.json({ greeting: env.GREETING, keys: listed.objects.map((o) => o.key) });
    }
    switch (request.method) {
      case "PUT": {
        const contentType = request.headers.get("content-type") ?? "application/octet-stream";
        const stored = await env.FILES.put(key, await request.arrayBuffer(), { httpMetadata: { contentType } });
        return new Response(null, { status: 201, headers: { etag: stored.httpEtag } });
      }
      case "GET": {
        const ifNoneMatch = request.headers.get("if-none-match")?.replaceAll('"', "");
        const object: R2ObjectBody | R2Object | null = ifNoneMatch
          ? await env.FILES.get(key, { onlyIf: { etagDoesNotMatch: ifNoneMatch } })
          : await env.FILES.get(key);
        if (object === null) return new Response("not found", { status: 404 });
        if (!hasBody(object)) return new Response(null, { status: 304, headers: { etag: object.httpEtag } });
        const headers = { etag: object.httpEtag, "content-type": object.httpMetadata?.contentType ?? "" };
        return new Response(await object.arrayBuffer(), { headers });
      }
      case "DELETE":
        await env.FILES.delete(key);
        return new Response(null, { status: 204 });
      default:
        return new Response("method not allowed", { status: 405 });
    }
  },
};
