// Stub (eighteenth set, khersham/drl_cpp, inference/video.cpp): the GLFW 3 names used.
#pragma once
#define GLFW_PRESS 1
#define GLFW_KEY_BACKSPACE 259
typedef struct GLFWwindow GLFWwindow;
typedef struct GLFWmonitor GLFWmonitor;
typedef void (*GLFWkeyfun)(GLFWwindow *, int, int, int, int);
extern "C" {
int glfwInit(void);
void glfwTerminate(void);
GLFWwindow *glfwCreateWindow(int width, int height, const char *title, GLFWmonitor *monitor,
                             GLFWwindow *share);
void glfwMakeContextCurrent(GLFWwindow *window);
void glfwSwapInterval(int interval);
GLFWkeyfun glfwSetKeyCallback(GLFWwindow *window, GLFWkeyfun callback);
int glfwWindowShouldClose(GLFWwindow *window);
void glfwGetFramebufferSize(GLFWwindow *window, int *width, int *height);
void glfwSwapBuffers(GLFWwindow *window);
void glfwPollEvents(void);
}
