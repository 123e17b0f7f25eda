// gpuleak bench stub: a few Arcade-Learning-Environment-like declarations, enough for
// the labelled files to parse. Not ALE, no behaviour.
#pragma once
#include <string>
#include <vector>

enum Action {
    PLAYER_A_NOOP = 0, PLAYER_A_FIRE = 1, PLAYER_A_UP = 2, PLAYER_A_RIGHT = 3, PLAYER_A_LEFT = 4,
    PLAYER_A_DOWN = 5, PLAYER_A_UPRIGHT = 6, PLAYER_A_UPLEFT = 7, PLAYER_A_DOWNRIGHT = 8,
    PLAYER_A_DOWNLEFT = 9, PLAYER_A_UPFIRE = 10, PLAYER_A_RIGHTFIRE = 11, PLAYER_A_LEFTFIRE = 12,
    PLAYER_A_DOWNFIRE = 13, PLAYER_A_UPRIGHTFIRE = 14, PLAYER_A_UPLEFTFIRE = 15,
    PLAYER_A_DOWNRIGHTFIRE = 16, PLAYER_A_DOWNLEFTFIRE = 17, PLAYER_B_NOOP = 18
};
typedef std::vector<Action> ActionVect;
typedef int reward_t;

class ALEInterface {
public:
    ALEInterface() {}
    void setInt(const std::string& key, int value);
    void setBool(const std::string& key, bool value);
    void setFloat(const std::string& key, float value);
    void setString(const std::string& key, const std::string& value);
    void loadROM(const std::string& rom_file);
    reward_t act(Action action);
    bool game_over() const;
    void reset_game();
    ActionVect getLegalActionSet();
    ActionVect getMinimalActionSet();
    int lives();
    void getScreenRGB(std::vector<unsigned char>& output_rgb_buffer) const;
    void getScreenGrayscale(std::vector<unsigned char>& output_grayscale_buffer) const;
};
