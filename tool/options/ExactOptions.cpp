//===--- ExactOptions.cpp - refuse options llvm::cl would guess at --------===//

#include "ExactOptions.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

using namespace llvm;

using OptionMap = std::remove_reference_t<decltype(cl::getRegisteredOptions())>;

namespace gpuleak {

/// The registered option named \p Name, or one with cl::Prefix whose name
/// \p Name starts with (`-DFOO` style); null when there is none.
static cl::Option *lookup(StringRef Name, OptionMap &Options) {
  auto It = Options.find(Name);
  if (It != Options.end())
    return It->second;
  for (auto &Entry : Options) {
    cl::Option *O = Entry.second;
    if ((O->getFormattingFlag() == cl::Prefix ||
         O->getFormattingFlag() == cl::AlwaysPrefix) &&
        !Entry.first.empty() && Name.starts_with(Entry.first))
      return O;
  }
  return nullptr;
}

/// The visible option closest to \p Name, if it is close enough to be a typo.
static std::optional<std::string> nearest(StringRef Name,
                                          OptionMap &Options) {
  std::optional<std::string> Best;
  unsigned BestDistance = 3; // at most two edits
  for (auto &Entry : Options) {
    if (Entry.second->getOptionHiddenFlag() != cl::NotHidden ||
        Entry.first.size() < 2)
      continue;
    unsigned D = Name.edit_distance(Entry.first, /*AllowReplacements=*/true,
                                    BestDistance);
    if (D < BestDistance) {
      BestDistance = D;
      Best = Entry.first.str();
    }
  }
  return Best;
}

std::optional<std::string> findInexactOption(ArrayRef<const char *> Args,
                                             cl::SubCommand &Sub,
                                             ArrayRef<StringRef> LateOptions) {
  auto &Options = cl::getRegisteredOptions(Sub);
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg(Args[I]);
    if (Arg == "--")
      return std::nullopt; // the rest are positional
    if (Arg.size() < 2 || Arg.front() != '-')
      continue; // positional, or `-` for stdin
    StringRef Name = Arg.drop_front(Arg.starts_with("--") ? 2 : 1);
    auto [Key, Value] = Name.split('=');
    bool HasValue = Name.contains('=');
    // A subcommand also takes the top-level options (--version), as
    // llvm::cl does; `-h` is llvm::cl's alias of --help, registered only
    // while it parses.
    if (Key == "h")
      continue;
    if (llvm::is_contained(LateOptions, Key)) {
      if (!HasValue)
        ++I; // its value
      continue;
    }
    cl::Option *O = lookup(Key, Options);
    if (!O && &Sub != &cl::SubCommand::getTopLevel())
      O = lookup(Key, cl::getRegisteredOptions(cl::SubCommand::getTopLevel()));
    if (!O) {
      std::string Error =
          ("unknown command line argument '" + Arg + "'").str();
      if (std::optional<std::string> Near = nearest(Key, Options))
        Error += "; did you mean '--" + *Near + "'?";
      return Error;
    }
    // `-p build`: the next argument is this option's value, whatever it is.
    if (!HasValue && O->getValueExpectedFlag() == cl::ValueRequired &&
        O->ArgStr == Key)
      ++I;
  }
  return std::nullopt;
}

} // namespace gpuleak
