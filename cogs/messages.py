"""Wording the Discord layer adds around the handlers' replies, in en/ja/ko.

The handlers own everything about rulings and rules; this catalog holds only what exists because
the surface is Discord: permission refusals, the cooldown notice, settings confirmations and
refusals (the clock's times among them), the Show rules button.
"""

from __future__ import annotations

from handlers.i18n import Messages

LANGUAGE_NAMES = {"en": "English", "ja": "日本語", "ko": "한국어"}

DISCORD = Messages(
    {
        "slow_down": {
            "en": "Slow down a little: you can send another command in {seconds} s.",
            "ja": "少し間をあけてください。{seconds}秒後にまたコマンドを使えます。",
            "ko": "조금 천천히 해 주세요. {seconds}초 뒤에 다시 명령을 쓸 수 있습니다.",
        },
        "need_manage_channels": {
            "en": "Only members with the Manage Channels permission can change this channel's settings.",
            "ja": "このチャンネルの設定を変えるには「チャンネルの管理」権限が必要です。",
            "ko": "이 채널의 설정은 ‘채널 관리하기’ 권한이 있는 멤버만 바꿀 수 있습니다.",
        },
        "need_manage_server": {
            "en": "Only members with the Manage Server permission can change the server's settings.",
            "ja": "サーバー全体の設定を変えるには「サーバー管理」権限が必要です。",
            "ko": "서버 전체 설정은 ‘서버 관리하기’ 권한이 있는 멤버만 바꿀 수 있습니다.",
        },
        "server_only": {
            "en": "Settings belong to a server; run this inside one.",
            "ja": "設定はサーバーごとに保存されます。サーバー内で実行してください。",
            "ko": "설정은 서버마다 저장됩니다. 서버 안에서 실행해 주세요.",
        },
        "language_set_channel": {
            "en": "From now on I answer in {language} in this channel.",
            "ja": "このチャンネルでは今後{language}で回答します。",
            "ko": "이 채널에서는 앞으로 {language}(으)로 답합니다.",
        },
        "language_set_server": {
            "en": "From now on I answer in {language} in this server, except in channels with their own language.",
            "ja": "このサーバーでは今後{language}で回答します（個別に言語を決めたチャンネルを除きます）。",
            "ko": "이 서버에서는 앞으로 {language}(으)로 답합니다. 따로 언어를 정한 채널은 예외입니다.",
        },
        "ruleset_set": {
            "en": "This server now rules under {ruleset}.",
            "ja": "このサーバーの裁定は今後{ruleset}に従います。",
            "ko": "이 서버는 이제 {ruleset} 기준으로 판정합니다.",
        },
        "clock_set": {
            "en": "This server's clock is now {seconds} seconds to act, then a {countdown}-second countdown.",
            "ja": "このサーバーのクロックを、アクションまで{seconds}秒、続いて{countdown}秒のカウントダウンにしました。",
            "ko": "이 서버의 클락을 액션까지 {seconds}초, 이어서 {countdown}초 카운트다운으로 정했습니다.",
        },
        "clock_reset": {
            "en": "The clock is back to the times of {ruleset}: {seconds} seconds, then a {countdown}-second countdown.",
            "ja": "クロックを{ruleset}の時間に戻しました：{seconds}秒、続いて{countdown}秒のカウントダウンです。",
            "ko": "클락을 {ruleset}의 시간으로 되돌렸습니다: {seconds}초, 이어서 {countdown}초 카운트다운입니다.",
        },
        "clock_reset_already": {
            "en": "This server has no clock times of its own; the clock already runs on the times of {ruleset}: "
                  "{seconds} seconds, then a {countdown}-second countdown.",
            "ja": "このサーバー独自のクロック時間はありません。すでに{ruleset}の時間（{seconds}秒、続いて"
                  "{countdown}秒のカウントダウン）で動いています。",
            "ko": "이 서버만의 클락 시간은 없습니다. 이미 {ruleset}의 시간({seconds}초, 이어서 {countdown}초 "
                  "카운트다운)으로 동작합니다.",
        },
        "clock_nothing_given": {
            "en": "Give seconds, countdown or both (for example seconds:40 countdown:10), or reset:True to go back "
                  "to the ruleset's times.",
            "ja": "seconds・countdown のどちらかまたは両方（例：seconds:40 countdown:10）か、ルールセットの時間に戻す"
                  "なら reset:True を指定してください。",
            "ko": "seconds, countdown 중 하나나 둘 다(예: seconds:40 countdown:10), 또는 룰셋의 시간으로 되돌리려면 "
                  "reset:True 를 지정해 주세요.",
        },
        "clock_reset_with_times": {
            "en": "reset goes back to the ruleset's times, so it cannot come with seconds or countdown; "
                  "give one or the other.",
            "ja": "reset はルールセットの時間に戻す指定なので、seconds や countdown と一緒には使えません。どちらか一方に"
                  "してください。",
            "ko": "reset 은 룰셋의 시간으로 되돌리는 것이라 seconds 나 countdown 과 함께 쓸 수 없습니다. 둘 중 하나만 "
                  "지정해 주세요.",
        },
        "clock_seconds_range": {
            "en": "The time to act must be {min} to {max} seconds; {value} is outside that.",
            "ja": "アクションまでの時間は{min}〜{max}秒で指定してください（{value}は範囲外です）。",
            "ko": "액션까지의 시간은 {min}~{max}초로 지정해 주세요 ({value}은(는) 범위 밖입니다).",
        },
        "clock_countdown_range": {
            "en": "The countdown must be {min} to {max} seconds; {value} is outside that.",
            "ja": "カウントダウンは{min}〜{max}秒で指定してください（{value}は範囲外です）。",
            "ko": "카운트다운은 {min}~{max}초로 지정해 주세요 ({value}은(는) 범위 밖입니다).",
        },
        "clock_countdown_longer": {
            "en": "A {countdown}-second countdown would be longer than the {seconds} seconds to act; "
                  "make the countdown at most {seconds}.",
            "ja": "{countdown}秒のカウントダウンは、アクションまでの{seconds}秒より長くなります。カウントダウンは"
                  "{seconds}秒以下にしてください。",
            "ko": "{countdown}초 카운트다운은 액션까지의 {seconds}초보다 깁니다. 카운트다운은 {seconds}초 이하로 "
                  "해 주세요.",
        },
        "show_title": {"en": "Settings in force here", "ja": "この場所で有効な設定", "ko": "여기서 적용되는 설정"},
        "show_language": {"en": "Language", "ja": "言語", "ko": "언어"},
        "show_ruleset": {"en": "Ruleset", "ja": "ルールセット", "ko": "룰셋"},
        "show_clock": {"en": "Clock", "ja": "クロック", "ko": "클락"},
        "clock_times": {
            "en": "{seconds} s, then a {countdown} s countdown",
            "ja": "{seconds}秒＋カウントダウン{countdown}秒",
            "ko": "{seconds}초 + 카운트다운 {countdown}초",
        },
        "why_clock_ruleset": {
            "en": "the times of {ruleset}",
            "ja": "{ruleset}の時間",
            "ko": "{ruleset}의 시간",
        },
        "show_other": {"en": "Other server settings", "ja": "その他のサーバー設定", "ko": "기타 서버 설정"},
        "why_channel": {"en": "set for this channel", "ja": "このチャンネルの設定", "ko": "이 채널의 설정"},
        "why_server": {"en": "set for this server", "ja": "サーバーの設定", "ko": "서버 설정"},
        "why_locale": {
            "en": "the server's preferred locale",
            "ja": "サーバーの優先ロケールから",
            "ko": "서버 기본 언어(로케일)에 따름",
        },
        "why_default": {"en": "default", "ja": "既定値", "ko": "기본값"},
        "show_rules": {"en": "Show rules", "ja": "ルールを表示", "ko": "규칙 보기"},
        "cited_rules": {"en": "The rules behind this answer", "ja": "この回答の根拠となるルール",
                        "ko": "이 답의 근거가 된 규칙"},
        "no_summary": {
            "en": "No summary of this one is stored yet; follow the link for the official text.",
            "ja": "この項目の要約はまだ登録されていません。リンク先で原文を確認してください。",
            "ko": "이 항목의 요약은 아직 없습니다. 링크에서 공식 원문을 확인해 주세요.",
        },
        "no_text": {
            "en": "That message has no text I could rule on.",
            "ja": "このメッセージには裁定できる文章がありません。",
            "ko": "이 메시지에는 판정할 수 있는 글이 없습니다.",
        },
        "continued": {"en": "(continued)", "ja": "（続き）", "ko": "(계속)"},
    },
    name="discord",
)
