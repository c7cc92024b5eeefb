#include "support/memory_reuse.hpp"

#include <malloc.h>

namespace racecert {

void keep_freed_memory_for_reuse() {
  // Setting either value also turns off glibc's dynamic adjustment of both.
  mallopt(M_MMAP_THRESHOLD, 16 << 20);
  mallopt(M_TRIM_THRESHOLD, 32 << 20);
}

}  // namespace racecert
