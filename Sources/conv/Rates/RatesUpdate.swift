import ConvKit
import ConvRates
import Dispatch

/// Runs the asynchronous download from the synchronous command, waiting for its result.
enum RatesUpdate {
  /// The downloaded rates and document, or the reason they are not.
  static func run(_ downloader: RatesDownloader) -> Result<(ExchangeRates, String), RatesUpdateError> {
    let box = ResultBox()
    let done = DispatchSemaphore(value: 0)
    Task {
      do throws(RatesUpdateError) {
        box.result = .success(try await downloader.download())
      } catch {
        box.result = .failure(error)
      }
      done.signal()
    }
    done.wait()
    return box.result ?? .failure(RatesUpdateError("download did not finish"))
  }

  /// The result handed from the task to the waiting thread (the semaphore orders the accesses).
  private final class ResultBox: @unchecked Sendable {
    var result: Result<(ExchangeRates, String), RatesUpdateError>? = nil
  }
}
