#pragma once
#include <vtkSmartPointer.h>
class vtkPolygon {
 public:
  static vtkPolygon* New();
};
