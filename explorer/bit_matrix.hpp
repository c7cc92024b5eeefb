#pragma once
// A square boolean matrix with bitset rows: the relational algebra the SC
// axiom (and the brute-force reference model) needs on small graphs.
#include <cstdint>
#include <vector>

namespace racecert::explorer {

class BitMatrix {
 public:
  explicit BitMatrix(int n = 0) : n_(n), words_((n + 63) / 64), bits_(static_cast<std::size_t>(n) * static_cast<std::size_t>(words_), 0) {}
  int size() const { return n_; }
  bool get(int i, int j) const { return (row(i)[j / 64] >> (j % 64)) & 1u; }
  void set(int i, int j, bool v = true) {
    auto& w = row(i)[j / 64];
    if (v) w |= (std::uint64_t{1} << (j % 64));
    else w &= ~(std::uint64_t{1} << (j % 64));
  }
  // row(i) |= row(j) of `other`
  void or_row(int i, const BitMatrix& other, int j) {
    for (int k = 0; k < words_; ++k) row(i)[k] |= other.row(j)[k];
  }
  BitMatrix& operator|=(const BitMatrix& o) {
    for (std::size_t k = 0; k < bits_.size(); ++k) bits_[k] |= o.bits_[k];
    return *this;
  }
  BitMatrix& operator&=(const BitMatrix& o) {
    for (std::size_t k = 0; k < bits_.size(); ++k) bits_[k] &= o.bits_[k];
    return *this;
  }
  // this ; o
  BitMatrix compose(const BitMatrix& o) const {
    BitMatrix r(n_);
    for (int i = 0; i < n_; ++i)
      for (int k = 0; k < n_; ++k)
        if (get(i, k)) r.or_row(i, o, k);
    return r;
  }
  BitMatrix transpose() const {
    BitMatrix r(n_);
    for (int i = 0; i < n_; ++i)
      for (int j = 0; j < n_; ++j)
        if (get(i, j)) r.set(j, i);
    return r;
  }
  // Transitive closure (Warshall).
  BitMatrix closure() const {
    BitMatrix r = *this;
    for (int k = 0; k < n_; ++k)
      for (int i = 0; i < n_; ++i)
        if (r.get(i, k)) r.or_row(i, r, k);
    return r;
  }
  bool irreflexive() const {
    for (int i = 0; i < n_; ++i)
      if (get(i, i)) return false;
    return true;
  }
  bool acyclic() const { return closure().irreflexive(); }
  bool any_in_row(int i) const {
    for (int k = 0; k < words_; ++k)
      if (row(i)[k]) return true;
    return false;
  }

 private:
  std::uint64_t* row(int i) { return bits_.data() + static_cast<std::size_t>(i) * static_cast<std::size_t>(words_); }
  const std::uint64_t* row(int i) const {
    return bits_.data() + static_cast<std::size_t>(i) * static_cast<std::size_t>(words_);
  }
  int n_;
  int words_;
  std::vector<std::uint64_t> bits_;
};

}  // namespace racecert::explorer
