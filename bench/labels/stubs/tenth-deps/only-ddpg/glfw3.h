// Stub (tenth set, libtorch_mujoco_DDPG only): the GLFW names env.h and main.cpp use.
#pragma once
typedef struct GLFWwindow GLFWwindow;
extern "C" int glfwWindowShouldClose(GLFWwindow *window);
