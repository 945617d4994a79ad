//===--- DoctorTestUtil.h - fake probes for the doctor's tests -------------===//
#pragma once

#include "wavesan/doctor.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace wavesan::doctor::test {

/// testdata/doctor/<Name>, whole; fails the test when it cannot be read.
inline std::string testdata(const std::string &Name) {
  const std::string Path = std::string(WAVESAN_TESTDATA_DIR) + "/doctor/" + Name;
  std::ifstream In(Path, std::ios::binary);
  EXPECT_TRUE(In.good()) << "cannot read " << Path;
  std::ostringstream S;
  S << In.rdbuf();
  return S.str();
}

/// A machine made of maps: no tool is installed (Run reports "not found in
/// PATH"), files and environment variables are what the test puts in.
struct FakeMachine {
  std::map<std::string, std::string> Files;
  std::map<std::string, std::string> Env;
  std::optional<HipView> Hip;
  bool ToolsHang = false;

  Probes probes() const {
    Probes P;
    P.ProcRoot = "/fakeproc";
    P.Run = [this](const std::vector<std::string> &, std::chrono::milliseconds) {
      CommandResult R;
      if (ToolsHang) {
        R.Started = true;
        R.TimedOut = true;
        R.Error = "killed";
      } else {
        R.Error = "not found in PATH";
      }
      return R;
    };
    P.ReadFile = [this](const std::string &Path) -> std::optional<std::string> {
      auto It = Files.find(Path);
      return It == Files.end() ? std::nullopt : std::optional<std::string>(It->second);
    };
    P.GetEnv = [this](const std::string &Name) -> std::optional<std::string> {
      auto It = Env.find(Name);
      return It == Env.end() ? std::nullopt : std::optional<std::string>(It->second);
    };
    P.IsFile = [this](const std::string &Path) { return Files.count(Path) != 0; };
    if (Hip)
      P.Hip = [this] { return *Hip; };
    return P;
  }
};

/// The item \p Id of \p R; fails the test when it is missing.
inline Item item(const Report &R, const std::string &Id) {
  const Item *I = R.find(Id);
  EXPECT_NE(I, nullptr) << "no item " << Id;
  return I ? *I : Item{};
}

} // namespace wavesan::doctor::test
