//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[8,8]
// A small ray tracer in the style of the gpgpu-sim samples: structs of
// float3, device functions taking and returning structs by value, an array
// of structs in constant memory; every row writes the same pixels.
struct Ray {
  float3 origin;
  float3 dir;
};
struct Sphere {
  float3 center;
  float radius;
  float3 color;
};
struct Hit {
  float t;
  int index;
};

__constant__ Sphere scene[4];

__device__ float3 sub3(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ float dot3(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

__device__ Ray primary(int x, int y, int w, int h) {
  Ray r;
  r.origin = make_float3(0.0f, 0.0f, -5.0f);
  r.dir = make_float3((x - w / 2) / (float)w, (y - h / 2) / (float)h, 1.0f);
  return r;
}

__device__ Hit trace(Ray r) {
  Hit best = {1e30f, -1};
  for (int i = 0; i < 4; i++) {
    float3 oc = sub3(r.origin, scene[i].center);
    float b = dot3(oc, r.dir);
    float c = dot3(oc, oc) - scene[i].radius * scene[i].radius;
    float disc = b * b - c;
    if (disc > 0.0f) {
      float t = -b - sqrtf(disc);
      if (t > 0.0f && t < best.t) {
        best.t = t;
        best.index = i;
      }
    }
  }
  return best;
}

__global__ void render_rows_race(float3 *image, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  Hit hit = trace(primary(x, y, w, h));
  float3 c = hit.index >= 0 ? scene[hit.index].color : make_float3(0.0f, 0.0f, 0.0f);
  image[x] = c;  // forgets the row: rows race
}
