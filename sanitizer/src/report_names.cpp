//===--- report_names.cpp - plain function and kernel names for reports ---===//
///
/// \file
/// The names a report prints: a function's signature as the compilers spell it
/// (source_location, addr2line) cut to its plain name, a launch's kernel expression
/// without parentheses, `&` and HIP_KERNEL_NAME, and the name of a kernel launched
/// through a function pointer, from the dynamic symbol table.
///
//===----------------------------------------------------------------------===//
#include "wavesan/report.h"

#include <cxxabi.h>
#include <dlfcn.h>

#include <cstdlib>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>

namespace wavesan {
namespace {

std::string_view trim(std::string_view S) {
  while (!S.empty() && (S.front() == ' ' || S.front() == '\t' || S.front() == '\n'))
    S.remove_prefix(1);
  while (!S.empty() && (S.back() == ' ' || S.back() == '\t' || S.back() == '\n'))
    S.remove_suffix(1);
  return S;
}

/// True when S[0] == '(' and its matching ')' is S.back().
bool wrappedInParens(std::string_view S) {
  if (S.size() < 2 || S.front() != '(' || S.back() != ')')
    return false;
  int Depth = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    Depth += S[I] == '(' ? 1 : S[I] == ')' ? -1 : 0;
    if (Depth == 0)
      return I == S.size() - 1;
  }
  return false;
}

} // namespace

namespace {
std::string plainSignatureName(std::string_view Signature);
}

std::string plainFunctionName(std::string_view Signature) {
  // An anonymous namespace (where test files keep their kernels) says nothing about which
  // function it is: "{anonymous}::k" (g++, addr2line) and "(anonymous namespace)::k"
  // (clang) print as "k".
  std::string Name = plainSignatureName(Signature);
  for (std::string_view Anonymous : {"{anonymous}::", "(anonymous namespace)::"})
    for (size_t At = Name.find(Anonymous); At != std::string::npos; At = Name.find(Anonymous, At))
      Name.erase(At, Anonymous.size());
  return Name;
}

namespace {
std::string plainSignatureName(std::string_view Signature) {
  std::string_view S = trim(Signature);
  // g++: "void f(T) [with T = int]" (the "[with" is outside any parentheses).
  int Depth = 0;
  for (size_t I = 0; I + 6 <= S.size(); ++I) {
    char C = S[I];
    Depth += (C == '(' || C == '<') ? 1 : (C == ')' || C == '>') ? -1 : 0;
    if (Depth == 0 && S.substr(I, 7) == " [with ") {
      S = trim(S.substr(0, I));
      break;
    }
  }
  // The parameter list: the last ')' (after it only qualifiers: const, &, noexcept)
  // and its matching '('.
  size_t Close = S.rfind(')');
  if (Close == std::string_view::npos)
    return std::string(S);
  for (char C : S.substr(Close + 1))
    if (C == '(' || C == '<' || C == '>' || C == ':')
      return std::string(S); // e.g. "main()::<lambda(int)>": not a plain signature
  Depth = 0;
  size_t Open = std::string_view::npos;
  for (size_t I = Close + 1; I-- > 0;) {
    Depth += S[I] == ')' ? 1 : S[I] == '(' ? -1 : 0;
    if (Depth == 0) {
      Open = I;
      break;
    }
  }
  if (Open == std::string_view::npos || Open == 0)
    return std::string(S);
  std::string_view Name = trim(S.substr(0, Open));
  // "operator()" keeps its own parentheses: the list found was its parameters.
  // The return type: everything up to the last space outside <>, () and [].
  Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    if (C == '<' || C == '(' || C == '[')
      ++Depth;
    else if ((C == '>' || C == ')' || C == ']') && Depth > 0)
      --Depth;
    else if (C == ' ' && Depth == 0 && Name.substr(I + 1).rfind("operator", 0) != 0 &&
             !(I >= 8 && Name.substr(I - 8, 8) == "operator"))
      Start = I + 1;
  }
  std::string_view Plain = Name.substr(Start);
  while (!Plain.empty() && (Plain.front() == '*' || Plain.front() == '&'))
    Plain.remove_prefix(1); // "int *f(...)" -> "*f"
  return Plain.empty() ? std::string(S) : std::string(Plain);
}
} // namespace

std::string plainKernelName(std::string_view Expression) {
  std::string_view S = trim(Expression);
  for (;;) {
    if (wrappedInParens(S)) {
      S = trim(S.substr(1, S.size() - 2));
    } else if (S.rfind("HIP_KERNEL_NAME", 0) == 0 &&
               wrappedInParens(trim(S.substr(15)))) {
      S = trim(S.substr(15));
    } else if (!S.empty() && S.front() == '&') {
      S = trim(S.substr(1));
    } else {
      break;
    }
  }
  return std::string(S);
}

} // namespace wavesan

namespace wavesan::emu::detail {

const char *launchKernelName(const char *Expression, bool IsFunctionName, void (*Address)()) {
  std::string Name = plainKernelName(Expression ? Expression : "");
  if (!IsFunctionName && Address) {
    // A function pointer: the name "fp" says nothing; ask the dynamic symbol
    // table for the function it points to.
    Dl_info Info{};
    if (dladdr(reinterpret_cast<void *>(Address), &Info) && Info.dli_sname &&
        Info.dli_saddr == reinterpret_cast<void *>(Address)) {
      int Status = 0;
      std::unique_ptr<char, void (*)(void *)> Demangled(
          abi::__cxa_demangle(Info.dli_sname, nullptr, nullptr, &Status), std::free);
      Name = Status == 0 && Demangled ? plainFunctionName(Demangled.get()) : Info.dli_sname;
    }
  }
  static std::mutex Mutex;
  static std::set<std::string> *Names = new std::set<std::string>; // never freed: names
                                                                  // outlive any launch
  std::lock_guard<std::mutex> Lock(Mutex);
  return Names->insert(std::move(Name)).first->c_str();
}

} // namespace wavesan::emu::detail
