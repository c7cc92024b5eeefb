#include "tests/cli/dataset_header.hpp"

#include <fstream>
#include <sstream>

namespace racecert::testkit {

bool DatasetHeader::check_deadlock() const {
  for (const auto& p : progress)
    if (p.max_resident_blocks == 0)
      for (const auto& e : p.entries)
        if (e.model == progress::Model::Obe && e.fairness == progress::Fairness::Weak && !e.terminates) return true;
  return false;
}

DatasetHeader read_dataset_header(const std::filesystem::path& file) {
  DatasetHeader h;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line) && line.rfind("//", 0) == 0;) h.lines.push_back(line);
  if (h.lines.size() >= 3 && h.lines[2].rfind("//explore: ", 0) == 0) {
    std::istringstream words(h.lines[2].substr(11));
    std::vector<std::string> w;
    for (std::string x; words >> x;) w.push_back(x);
    for (std::size_t i = 1; i + 1 < w.size(); ++i)
      if (w[i] == "--kernel-args" || w[i] == "--memory" || w[i] == "--loop-bound") {
        h.explore_inputs.push_back(w[i]);
        h.explore_inputs.push_back(w[i] == "--memory" ? (file.parent_path() / w[i + 1]).string() : w[i + 1]);
      }
  }
  for (std::size_t i = 0; i < h.lines.size(); ++i)
    if (h.lines[i].rfind(kexplore::kProgressHeaderPrefix, 0) == 0)
      h.progress.push_back(kexplore::parse_progress_line(h.lines[i], file.string(), static_cast<int>(i) + 1));
  return h;
}

}  // namespace racecert::testkit
