// Declarations-only stand-in for the Qt 5 names mnist-viewer's network.cpp, main.cpp and
// their headers use (Qt 5 is not installed; uic is absent, so mainwindow.cpp, which needs
// the generated ui_mainwindow.h, is left out of the database). Nothing here touches a tensor.
#pragma once
#include <cmath>
#include <string>
typedef unsigned char uchar;
typedef unsigned int uint;
#define Q_OBJECT
#define Q_SLOTS
#define Q_SIGNALS public
#define slots
#define signals public
#define emit
#define QT_BEGIN_NAMESPACE
#define QT_END_NAMESPACE
class QString {
 public:
  QString();
  QString(const char* s);
  std::string toStdString() const;
};
class QObject {
 public:
  explicit QObject(QObject* parent = nullptr);
  virtual ~QObject();
  template <class S, class SF, class R, class RF>
  static bool connect(const S* sender, SF signal, const R* receiver, RF method);
};
class QWidget : public QObject {
 public:
  explicit QWidget(QWidget* parent = nullptr);
  void show();
};
class QMainWindow : public QWidget {
 public:
  explicit QMainWindow(QWidget* parent = nullptr);
};
class QDialog : public QWidget {
 public:
  explicit QDialog(QWidget* parent = nullptr);
};
class QCoreApplication : public QObject {
 public:
  QCoreApplication(int& argc, char** argv);
  static void processEvents();
  static int exec();
};
class QApplication : public QCoreApplication {
 public:
  QApplication(int& argc, char** argv);
};
class QImage {
 public:
  enum Format { Format_Invalid, Format_Grayscale8 };
  QImage();
  QImage(const uchar* data, int width, int height, Format format);
  QImage copy() const;
};
class QPixmap {
 public:
  QPixmap();
  static QPixmap fromImage(const QImage& image);
};
template <class T> class QScopedPointer {
 public:
  explicit QScopedPointer(T* p = nullptr);
  ~QScopedPointer();
  T* operator->() const;
  T& operator*() const;
  T* data() const;
  void reset(T* other = nullptr);
  bool isNull() const;
};
int qCeil(double v);
int qRound(double d);
template <class T> const T& qBound(const T& min, const T& val, const T& max);
