#pragma once
#include <vtkSmartPointer.h>
class vtkRenderWindow {
 public:
  static vtkRenderWindow* New();
};
