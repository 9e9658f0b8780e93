// Excerpt of the interface SupportProvidersSDK ships: every declaration a bridge or the stand-in uses, copied verbatim.
// repository: zendesk/support_providers_sdk_ios
// version: 9.0.0
// path: SupportProvidersSDK.xcframework/ios-arm64/SupportProvidersSDK.framework/Headers
// ---- ZDKProvider.h
@class ZDKClassicZendesk;

@interface ZDKProvider : NSObject
// swift: open class ZDKProvider : NSObject

- (_Nonnull instancetype)init;
// swift: public init()


@end

// ---- ZDKRequestProvider.h
#import <Foundation/Foundation.h>
#import <SupportProvidersSDK/ZDKProvider.h>


@class ZDKCommentsResponse, ZDKComment, ZDKRequest, ZDKCreateRequest, ZDKTicketForm, ZDKCommentWithUser, ZDKRequestsWithCommentingAgents;

typedef void (^ZDKRequestListCallback)(ZDKRequestsWithCommentingAgents *requestsWithCommentingAgents ,NSError *error);
// swift: public typealias ZDKRequestListCallback = (ZDKRequestsWithCommentingAgents?, (any Error)?) -> Void

@interface ZDKRequestProvider : ZDKProvider
// swift: open class ZDKRequestProvider : ZDKProvider

/**
 *  Gets all requests that user has opened.
 *  It will also get an access token if one has not been previously stored.
 *  If you are using anonymous identities we will check to see if you have any stored request IDs.
 *  This is how requests work when dealing with anonymous identities. If you do have stored request
 *  IDs we will fetch these requests from your Zendesk instance. If you do not have any stored request
 *  IDs we will skip the network call and return an empty list of Requests.
 *
 *  @param callback invoked in response to remote API invocation
 */
- (void) getAllRequestsWithCallback:(ZDKRequestListCallback) callback;
// swift: open func getAllRequests(callback: ZDKRequestListCallback!)

@end

// ---- ZDKRequestsWithCommentingAgents.h
#import <Foundation/Foundation.h>

@class ZDKSupportUser, ZDKRequest;

@interface ZDKRequestsWithCommentingAgents : NSObject
// swift: open class ZDKRequestsWithCommentingAgents : NSObject

@property (nonatomic, strong) NSArray<ZDKRequest *> *requests;
// swift: open var requests: [ZDKRequest]!
@property (nonatomic, strong) NSArray<ZDKSupportUser *> *commentingAgents;
// swift: open var commentingAgents: [ZDKSupportUser]!


- (instancetype)initWithRequests:(NSArray <ZDKRequest*>*)requests andCommentingAgents:(NSArray <ZDKSupportUser*>*)commentingAgents;
// swift: public init!(requests: [ZDKRequest]!, andCommentingAgents commentingAgents: [ZDKSupportUser]!)

@end

// ---- ZDKRequest.h
@class ZDKComment, ZDKSupportUser, ZDKCustomField;


NS_ASSUME_NONNULL_BEGIN
/**
 * Object representing a Zendesk end user request returned by the server.
 */
@interface ZDKRequest : NSObject
// swift: open class ZDKRequest : NSObject

/**
 * The id of this request in Zendesk.
 */
@property (nonatomic, copy) NSString * requestId;
// swift: open var requestId: String

@end
NS_ASSUME_NONNULL_END

// ---- ZDKSupportUser.h
#import <Foundation/Foundation.h>

@interface ZDKSupportUser : NSObject
// swift: open class ZDKSupportUser : NSObject

@end
