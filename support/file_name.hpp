#pragma once
#include <compare>
#include <iosfwd>
#include <string>
#include <string_view>

namespace racecert {

// The name of a source file, interned: a pointer into a process-wide table
// that holds one copy of every name ever made (names are never freed; a run
// sees few of them). Every statement, access and trace step of a kernel
// carries a SourceLoc, so its file name has to be cheap to copy: this handle
// is one pointer, trivially copyable, where a std::string was 32 bytes and a
// heap allocation per copy for any real path (issue 18).
//
// Equality compares the pointers: interning makes equal names share one
// table entry, so that is equality of the names. Order is by value, so
// sorting and ordered maps keep the order the strings had.
class FileName {
 public:
  FileName();  // the empty name
  FileName(std::string_view name);
  FileName(const std::string& name) : FileName(std::string_view(name)) {}
  FileName(const char* name) : FileName(std::string_view(name)) {}

  const std::string& str() const { return *name_; }
  operator const std::string&() const { return *name_; }
  const char* c_str() const { return name_->c_str(); }
  std::size_t size() const { return name_->size(); }
  bool empty() const { return name_->empty(); }

  friend bool operator==(const FileName& a, const FileName& b) { return a.name_ == b.name_; }
  // Against plain strings by value, without interning the other side.
  friend bool operator==(const FileName& a, const std::string& b) { return *a.name_ == b; }
  friend bool operator==(const FileName& a, std::string_view b) { return *a.name_ == b; }
  friend bool operator==(const FileName& a, const char* b) { return *a.name_ == b; }
  friend std::strong_ordering operator<=>(const FileName& a, const FileName& b) {
    return a.name_ == b.name_ ? std::strong_ordering::equal : *a.name_ <=> *b.name_;
  }

  friend std::string operator+(const FileName& a, const std::string& b) { return *a.name_ + b; }
  friend std::string operator+(const FileName& a, const char* b) { return *a.name_ + b; }
  friend std::string operator+(const std::string& a, const FileName& b) { return a + *b.name_; }
  friend std::string operator+(const char* a, const FileName& b) { return a + *b.name_; }

  friend std::ostream& operator<<(std::ostream& os, const FileName& f);

 private:
  const std::string* name_;
};

}  // namespace racecert
