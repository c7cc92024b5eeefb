//pass
//--blockDim=128 --gridDim=4
// Array of structs in shared memory: thread t writes the mass of particle t
// and the position (a float3, three fields) of particle t+1 mod 128; fields
// are separate locations, so each has one writer. After a barrier each thread
// copies its neighbour's whole struct.

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
  __syncthreads();
  Particle q = ps[(t + 1) % 128];
  out[gid] = q.mass * (q.pos.x - ps[t].pos.x);
}
