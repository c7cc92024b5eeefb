//pass
//--local_size=64 --num_groups=4
// OpenCL: invariants, barrier invariants, access predicates and the logic
// builtins compile and change nothing; __ite is a conditional. (Inside
// #ifdef __RACECERT__ so that a plain OpenCL compiler accepts the file.)
__kernel void shift_local(__global float *in, __global float *out) {
  __local float s[64];
  int t = get_local_id(0);
  s[t] = in[get_global_id(0)];
#ifdef __RACECERT__
  __barrier_invariant_1(s[t] == in[get_global_id(0)], t);
#endif
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = 0;
#ifdef __RACECERT__
       __invariant(__implies(i > 0, __read(s))), __global_invariant(__no_write(in)),
#endif
       i < 2; i++) {
#ifdef __RACECERT__
    out[get_global_id(0)] = s[__ite(t > 0, t - 1, 0)];
#else
    out[get_global_id(0)] = s[t > 0 ? t - 1 : 0];
#endif
  }
#ifdef __RACECERT__
  __assert(__all(t >= 0) && __exclusive(t == 0) && __at_most_one(t == 0));
#endif
}
