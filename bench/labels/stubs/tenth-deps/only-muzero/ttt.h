// Stub (tenth set, nth-eye/MuZero-libtorch only): the tic-tac-toe engine of the separate
// TicTacToe-Cpp repository that CMakeLists.txt takes from ~/github (GAME_DIR), as
// games/tictactoe.h and games/base_game.h use it.
#pragma once
#include <array>
#include <string>
#include <vector>
namespace ttt {
enum Cell { EMPTY = 0, X = 1, O = 2, BOTH = X ^ O };
using State = std::array<int, 9>;
class Game {
public:
  float act(int action);
  State get_state() const;
  int to_play() const;
  bool terminal() const;
  int ask_input() const;
  std::vector<int> legal_actions() const;
  std::string str() const;
};
}  // namespace ttt
