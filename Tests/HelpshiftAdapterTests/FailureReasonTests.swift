import HelpshiftAdapter
import IdentityBridge
import Testing

@Suite("Helpshift failure reasons -> uniform codes (vendor-notes, helpshift-users.txt)")
struct FailureReasonTests {
    @Test("every Identity System login failure reason has its uniform code and parses from every spelling")
    func loginReasons() {
        let expected: [String: IdentityError.Code] = [
            "LoginInProgress": .loginInProgress, "LoginConfigInvalid": .configurationInvalid, "IdentityTokenInvalid": .tokenInvalid,
            "IdentitiesDataInvalid": .claimInvalid, "LoginConfigSizeLimitExceeded": .limitExceeded,
            "IdentitiesSizeLimitExceeded": .limitExceeded, "IdentityFeatureNotEnabled": .identityFeatureDisabled,
            "UidOrEmailIsMandatory": .missingIdentifier, "IatIsMandatory": .claimMissing, "NetworkError": .networkError,
            "UnknownError": .unknown,
        ]
        #expect(Set(HelpshiftLoginFailureReason.allCases.map(\.rawValue)) == Set(expected.keys))
        for reason in HelpshiftLoginFailureReason.allCases {
            #expect(reason.code == expected[reason.rawValue])
            let lowerFirst = reason.rawValue.prefix(1).lowercased() + reason.rawValue.dropFirst()
            for spelling in [reason.rawValue, lowerFirst, "HelpshiftLoginFailureReason" + reason.rawValue, "Helpshift" + reason.rawValue] {
                #expect(HelpshiftLoginFailureReason(vendorName: spelling) == reason, "\(spelling)")
            }
            let error = reason.identityError(errors: ["uid": "HelpshiftEmptyData"])
            #expect(error.vendorCode == reason.rawValue)
            #expect(error.recovery?.isEmpty == false)
            #expect(error.message.contains("uid: HelpshiftEmptyData"))
        }
        #expect(HelpshiftLoginFailureReason(vendorName: "Nope") == nil)
    }

    @Test("HelpshiftAuthenticationFailureReason: AuthTokenNotProvided -> token_missing, InvalidAuthToken -> token_invalid")
    func authenticationReasons() {
        #expect(HelpshiftAuthenticationFailureReason.authTokenNotProvided.code == .tokenMissing)
        #expect(HelpshiftAuthenticationFailureReason.invalidAuthToken.code == .tokenInvalid)
        #expect(HelpshiftAuthenticationFailureReason(vendorName: "AuthTokenNotProvided") == .authTokenNotProvided)
        #expect(
            HelpshiftAuthenticationFailureReason(vendorName: "HelpshiftAuthenticationFailureReasonInvalidAuthToken") == .invalidAuthToken)
        #expect(HelpshiftAuthenticationFailureReason(vendorName: "0") == .authTokenNotProvided)
        #expect(HelpshiftAuthenticationFailureReason(vendorName: "2") == nil)
        #expect(HelpshiftAuthenticationFailureReason.invalidAuthToken.identityError().field == "userAuthToken")
    }

    @Test("limits are the documented numbers")
    func limits() {
        #expect(HelpshiftLimits.userNameMaxLength == 255)
        #expect(HelpshiftLimits.userIdMaxLength == 750)
        #expect(HelpshiftLimits.keyMaxLength == 255)
        #expect(HelpshiftLimits.identityValueMaxLength == 300)
        #expect(HelpshiftLimits.uidValueMaxLength == 750)
        #expect(HelpshiftLimits.customFieldValueMaxLength == 255)
        #expect(HelpshiftLimits.multilineCustomFieldValueMaxLength == 100_000)
        #expect(HelpshiftLimits.userTagMaxLength == 100)
        #expect(HelpshiftLimits.collectionMaxCount == 30)
        #expect(HelpshiftLimits.identityTokenMaxAge == 86_400)
        #expect(HelpshiftLimits.ageRange == 0...150)
        #expect(HelpshiftLimits.unreadCountActiveIssueWindow == 60)
        #expect(HelpshiftLimits.unreadCountInactiveIssueWindow == 300)
    }
}
