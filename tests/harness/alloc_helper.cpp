// Test helper for the process runner: allocates and touches N MiB, then
// sleeps S milliseconds and exits with code C: `harness_alloc_helper N S C`.
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

int main(int argc, char** argv) {
  std::size_t mib = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 0;
  long ms = argc > 2 ? std::strtol(argv[2], nullptr, 10) : 0;
  int code = argc > 3 ? std::atoi(argv[3]) : 0;
  std::vector<char> block(mib << 20);
  std::memset(block.data(), 1, block.size());  // touch every page: resident, not just reserved
  std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  return block.empty() ? code : code + (block[block.size() / 2] - 1);
}
