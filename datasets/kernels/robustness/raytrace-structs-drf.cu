//pass
//--blockDim=[16,8] --gridDim=[4,8]
// One primary ray per pixel, ray-tracer style: structs of float3, device
// functions that return structs and call others in their return statements
// (nested inlining that once left a dangling frame). One writer per pixel.
struct Ray {
  float3 origin;
  float3 dir;
};

struct Hit {
  float t;
  float3 normal;
  int sphere;
};

// Plain CUDA has no float3 arithmetic (helper_math.h is not part of it).
__device__ float3 add(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
__device__ float3 sub(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ float3 scale(float3 a, float s) { return make_float3(a.x * s, a.y * s, a.z * s); }
__device__ float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ float3 normalize(float3 a) { return scale(a, rsqrtf(dot(a, a))); }
__device__ float3 reflect(float3 d, float3 n) { return sub(d, scale(n, 2.0f * dot(d, n))); }

__device__ Ray camera_ray(int x, int y, int width, int height) {
  Ray r;
  r.origin = make_float3(0.0f, 0.0f, -4.0f);
  r.dir = normalize(make_float3((x + 0.5f) / width - 0.5f, (y + 0.5f) / height - 0.5f, 1.0f));
  return r;
}

__device__ Hit intersect(const Ray &r, const float4 *spheres, int count) {
  Hit h;
  h.t = 1e30f;
  h.sphere = -1;
  h.normal = make_float3(0.0f, 0.0f, 0.0f);
  for (int i = 0; i < count; ++i) {
    float3 centre = make_float3(spheres[i].x, spheres[i].y, spheres[i].z);
    float3 oc = sub(r.origin, centre);
    float b = dot(oc, r.dir);
    float disc = b * b - dot(oc, oc) + spheres[i].w * spheres[i].w;
    if (disc > 0.0f) {
      float t = -b - sqrtf(disc);
      if (t > 0.0f && t < h.t) {
        h.t = t;
        h.sphere = i;
        h.normal = normalize(sub(add(r.origin, scale(r.dir, t)), centre));
      }
    }
  }
  return h;
}

__global__ void render(float3 *image, const float4 *spheres, int count, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  Ray r = camera_ray(x, y, width, height);
  Hit h = intersect(r, spheres, count);
  float3 colour = h.sphere >= 0 ? scale(add(reflect(r.dir, h.normal), make_float3(1.0f, 1.0f, 1.0f)), 0.5f)
                                : make_float3(0.1f, 0.1f, 0.2f);
  image[y * width + x] = colour;
}
