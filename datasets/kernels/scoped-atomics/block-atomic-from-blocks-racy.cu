//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// atomicAdd_block is atomic only among the threads of one block: threads of
// different blocks adding to the same global counter race (a heterogeneous
// race, as PTX defines scoped races).
__global__ void count_all(int *counter) {
  atomicAdd_block(counter, 1);
}
