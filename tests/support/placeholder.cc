namespace firefox_bidi::testing {}
