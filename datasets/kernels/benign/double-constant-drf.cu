//pass
//--blockDim=64 --gridDim=2
// Every thread writes -1.5 to d[0] (double): the same value, benign.
__global__ void minus_one_and_a_half(double *d) {
  d[0] = -1.5;
}
