#include "harness/dataset.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "support/diagnostic.hpp"

namespace fs = std::filesystem;

namespace racecert::harness {

const std::vector<std::string>& default_kernel_extensions() {
  static const std::vector<std::string> ext = {".cu", ".cl", ".map", ".bar"};
  return ext;
}

namespace {

bool has_extension(const fs::path& p, const std::vector<std::string>& extensions) {
  std::string e = p.extension().string();
  return std::find(extensions.begin(), extensions.end(), e) != extensions.end();
}

// The name a dataset root gets: its last component ("paper" for
// datasets/protocols/paper/), "." resolved first.
std::string dataset_name(const fs::path& root) {
  fs::path p = root;
  if (p.filename().empty()) p = p.parent_path();
  std::string n = p.filename().string();
  return n.empty() ? "/" : n;
}

}  // namespace

Discovery discover_kernels(const std::vector<std::string>& paths, const std::string& root,
                           const std::vector<std::string>& extensions) {
  Discovery out;
  std::error_code ec;
  fs::path root_abs;
  if (!root.empty()) {
    root_abs = fs::weakly_canonical(fs::absolute(root), ec);
    if (ec || !fs::is_directory(root_abs)) throw input_error(SourceLoc{root, 0, 0}, "no such directory");
  }
  auto add = [&](const fs::path& file, const fs::path& base) {
    KernelCase c;
    c.path = file.string();
    c.root = base.string();
    c.dataset = dataset_name(base);
    c.name = fs::relative(file, base).generic_string();
    try {
      c.header = read_gpuverify_header(c.path);
      if (c.header.malformed) c.malformed = c.header.malformed->render();
    } catch (const Error& e) {
      c.malformed = e.render();  // unreadable
    }
    out.cases.push_back(std::move(c));
  };
  for (const auto& p : paths) {
    fs::path abs = fs::weakly_canonical(fs::absolute(p), ec);
    if (ec || !fs::exists(abs)) throw input_error(SourceLoc{p, 0, 0}, "no such file or directory");
    if (!root.empty()) {
      auto rel = fs::relative(abs, root_abs).generic_string();
      if (rel.rfind("..", 0) == 0) throw usage_error("'" + p + "' is not under --root '" + root + "'");
    }
    if (fs::is_directory(abs)) {
      fs::path base = root.empty() ? abs : root_abs;
      std::vector<fs::path> files;
      for (auto it = fs::recursive_directory_iterator(abs, fs::directory_options::skip_permission_denied, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file() && has_extension(it->path(), extensions)) files.push_back(it->path());
      if (ec) throw input_error(SourceLoc{p, 0, 0}, "cannot list directory: " + ec.message());
      std::sort(files.begin(), files.end());
      for (const auto& f : files) add(f, base);
    } else {
      add(abs, root.empty() ? abs.parent_path() : root_abs);
    }
  }
  std::stable_sort(out.cases.begin(), out.cases.end(), [](const KernelCase& a, const KernelCase& b) {
    return std::tie(a.dataset, a.name) < std::tie(b.dataset, b.name);
  });
  // The same file named twice (a directory and a file in it) runs once.
  out.cases.erase(std::unique(out.cases.begin(), out.cases.end(),
                              [](const KernelCase& a, const KernelCase& b) { return a.path == b.path; }),
                  out.cases.end());
  return out;
}

}  // namespace racecert::harness
