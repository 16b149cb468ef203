// NVTX as a program sees it with no profiler attached: what each call
// returns, the version, the enumerators and the layout of the attribute
// structure a program fills in. Captured on an NVIDIA GPU by
// lit-tests/oracle/nvidia/capture.sh; our headers must print the same.
#include <cstddef>
#include <cstdio>
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtCudaRt.h>

#define SHOW(expression) printf("%s = %lld\n", #expression, (long long)(expression))

int main() {
  SHOW(NVTX_VERSION);
  SHOW(NVTX_EVENT_ATTRIB_STRUCT_SIZE);
  SHOW(offsetof(nvtxEventAttributes_t, category));
  SHOW(offsetof(nvtxEventAttributes_t, colorType));
  SHOW(offsetof(nvtxEventAttributes_t, color));
  SHOW(offsetof(nvtxEventAttributes_t, payloadType));
  SHOW(offsetof(nvtxEventAttributes_t, payload));
  SHOW(offsetof(nvtxEventAttributes_t, messageType));
  SHOW(offsetof(nvtxEventAttributes_t, message));
  SHOW(NVTX_COLOR_ARGB);
  SHOW(NVTX_MESSAGE_TYPE_ASCII);
  SHOW(NVTX_MESSAGE_TYPE_REGISTERED);
  SHOW(NVTX_PAYLOAD_TYPE_DOUBLE);
  SHOW(NVTX_PAYLOAD_TYPE_FLOAT);

  nvtxEventAttributes_t Attributes = {};
  Attributes.version = NVTX_VERSION;
  Attributes.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  Attributes.colorType = NVTX_COLOR_ARGB;
  Attributes.color = 0xff00ff00;
  Attributes.messageType = NVTX_MESSAGE_TYPE_ASCII;
  Attributes.message.ascii = "range";
  nvtxMarkA("mark");
  SHOW(nvtxRangePushA("outer"));
  SHOW(nvtxRangePushEx(&Attributes));
  SHOW(nvtxRangePop());
  SHOW(nvtxRangePop());
  nvtxRangeId_t Range = nvtxRangeStartA("async");
  SHOW(Range);
  nvtxRangeEnd(Range);
  nvtxDomainHandle_t Domain = nvtxDomainCreateA("domain");
  SHOW(Domain == NULL);
  SHOW(nvtxDomainRegisterStringA(Domain, "text") == NULL);
  SHOW(nvtxDomainRangePushEx(Domain, &Attributes));
  SHOW(nvtxDomainRangePop(Domain));
  nvtxDomainDestroy(Domain);
  nvtxNameOsThreadA(0, "main");
  cudaStream_t Stream;
  cudaStreamCreate(&Stream);
  nvtxNameCudaStreamA(Stream, "stream");
  cudaStreamDestroy(Stream);
  printf("done\n");
  return 0;
}
