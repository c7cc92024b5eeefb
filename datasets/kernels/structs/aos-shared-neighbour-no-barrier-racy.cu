//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// Array of structs in shared memory without the barrier before reading the
// neighbour: thread 0 copies ps[1] (reading ps[1].mass) while thread 1
// writes ps[1].mass, in the same phase.

struct Particle {
  float3 pos;
  float mass;
};

__global__ void particle_pairs(const float *mass, const float *px, float *out) {
  __shared__ Particle ps[128];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  ps[t].mass = mass[gid];
  ps[(t + 1) % 128].pos = make_float3(px[gid], 0.0f, 1.0f);
  Particle q = ps[(t + 1) % 128];
  out[gid] = q.mass * (q.pos.x - ps[t].pos.x);
}
