// For ArashMassoudieh/PyTorchCPP's LSTM/ program, written against Qt 6 Charts (QChartView in
// the global namespace); Debian's Qt 5 Charts declares it in QtCharts::. Force-included.
#pragma once
#include <QtCharts/QChartView>
QT_CHARTS_USE_NAMESPACE
