// gpuleak bench stub: the ale::ALEInterface declarations that wty-yy/cpprl's env_ale.h uses,
// enough to parse. Not ALE, no behaviour.
#pragma once
#include <string>
#include <vector>

namespace ale {
enum Action { PLAYER_A_NOOP = 0, PLAYER_A_FIRE = 1 };
typedef std::vector<Action> ActionVect;
typedef int reward_t;
struct ALEScreen {
  int width() const;
  int height() const;
};
class ALEInterface {
public:
  explicit ALEInterface(bool display_screen = false);
  void setInt(const std::string &key, int value);
  void setBool(const std::string &key, bool value);
  void setFloat(const std::string &key, float value);
  void loadROM(const std::string &rom_file);
  reward_t act(Action action);
  bool game_over() const;
  void reset_game();
  ActionVect getLegalActionSet();
  ActionVect getMinimalActionSet();
  const ALEScreen &getScreen() const;
  int lives();
  void getScreenRGB(std::vector<unsigned char> &output) const;
  void getScreenGrayscale(std::vector<unsigned char> &output) const;
};
} // namespace ale
