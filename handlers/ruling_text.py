"""The words of a ruling in Japanese, Korean and English, and of the errors a hand can raise.

Sentences are written the way a floor person explains a call at the table, with the TDA terms
players use (コール, レイズ, オールイン / 콜, 레이즈, 올인). Amounts are formatted by the caller.
"""

from __future__ import annotations

from handlers.i18n import Messages

TEXT = Messages(
    {
        # -- headline -----------------------------------------------------------------
        "on": {"en": "Action is on {p}.", "ja": "{p}のアクションです。", "ko": "{p} 차례입니다."},
        "to_call": {
            "en": "{p} needs {n} more to call (the bet is {w}).",
            "ja": "コールには{n}の追加が必要です（現在のベットは{w}）。",
            "ko": "콜하려면 {n} 더 내야 합니다(현재 벳 {w}).",
        },
        "may_fold_call_raise": {
            "en": "{p} may fold, call or raise; the minimum raise is to {min}.",
            "ja": "{p}はフォールド・コール・レイズのどれも選べます。ミニマムレイズは総額{min}です。",
            "ko": "{p}은(는) 폴드, 콜, 레이즈 모두 할 수 있습니다. 최소 레이즈는 총 {min}입니다.",
        },
        "may_fold_call_raise_pl": {
            "en": "{p} may fold, call or raise to anything from {min} to the pot-limit maximum of {max}.",
            "ja": "{p}はフォールド・コール・レイズを選べます。レイズは総額{min}からポットリミット上限の{max}までです。",
            "ko": "{p}은(는) 폴드, 콜, 레이즈를 할 수 있으며 레이즈는 총 {min}부터 팟 리밋 상한 {max}까지입니다.",
        },
        "may_fold_call_raise_fl": {
            "en": "{p} may fold, call or raise to {min} (fixed limit).",
            "ja": "{p}はフォールド・コール、またはリミットの定額で総額{min}へのレイズができます。",
            "ko": "{p}은(는) 폴드, 콜, 또는 리밋 고정액으로 총 {min}까지 레이즈할 수 있습니다.",
        },
        "may_call_fold": {
            "en": "{p} may only call or fold: no raise.",
            "ja": "{p}はコールかフォールドのみで、レイズはできません。",
            "ko": "{p}은(는) 콜 또는 폴드만 할 수 있고 레이즈는 할 수 없습니다.",
        },
        "may_check_bet": {
            "en": "{p} may check or bet; the minimum bet is {min}.",
            "ja": "{p}はチェックかベットができます。ミニマムベットは{min}です。",
            "ko": "{p}은(는) 체크 또는 벳을 할 수 있습니다. 최소 벳은 {min}입니다.",
        },
        "may_check_bet_pl": {
            "en": "{p} may check or bet from {min} up to the pot-limit maximum of {max}.",
            "ja": "{p}はチェックか、{min}からポットリミット上限{max}までのベットができます。",
            "ko": "{p}은(는) 체크하거나 {min}부터 팟 리밋 상한 {max}까지 벳할 수 있습니다.",
        },
        "may_check_bet_fl": {
            "en": "{p} may check or bet {min} (fixed limit).",
            "ja": "{p}はチェックか、リミットの定額{min}のベットができます。",
            "ko": "{p}은(는) 체크하거나 리밋 고정액({min})을 벳할 수 있습니다.",
        },
        "may_check_raise": {
            "en": "Nothing more to call: {p} may check or raise to at least {min}.",
            "ja": "追加のコールは不要です。{p}はチェックか、総額{min}以上へのレイズができます。",
            "ko": "더 낼 금액은 없습니다. {p}은(는) 체크하거나 총 {min} 이상으로 레이즈할 수 있습니다.",
        },
        "may_check_raise_pl": {
            "en": "Nothing more to call: {p} may check or raise to anything from {min} to {max}.",
            "ja": "追加のコールは不要です。{p}はチェックか、総額{min}〜{max}のレイズができます。",
            "ko": "더 낼 금액은 없습니다. {p}은(는) 체크하거나 총 {min}~{max} 사이에서 레이즈할 수 있습니다.",
        },
        "may_check_raise_fl": {
            "en": "Nothing more to call: {p} may check or raise to {min} (fixed limit).",
            "ja": "追加のコールは不要です。{p}はチェックか、リミットの定額で総額{min}へのレイズができます。",
            "ko": "더 낼 금액은 없습니다. {p}은(는) 체크하거나 리밋 고정액으로 총 {min}까지 레이즈할 수 있습니다.",
        },
        "may_check_only": {
            "en": "Nothing more to call: {p} may check; a raise is not open to them.",
            "ja": "追加のコールは不要です。{p}はチェックのみで、レイズはできません。",
            "ko": "더 낼 금액은 없습니다. {p}은(는) 체크만 할 수 있고 레이즈는 할 수 없습니다.",
        },
        "next_unnamed": {
            "en": "No one else is named, so the reply is for the next player to act.",
            "ja": "ほかのプレイヤーが書かれていないので、次にアクションするプレイヤーについて答えます。",
            "ko": "다른 플레이어가 적혀 있지 않아 다음에 액션할 플레이어 기준으로 답합니다.",
        },
        "next_player": {"en": "The next player", "ja": "次のプレイヤー", "ko": "다음 플레이어"},
        "next_player_lc": {"en": "the next player", "ja": "次のプレイヤー", "ko": "다음 플레이어"},
        "round_over": {
            "en": "The betting round is over: every player still in has matched {w} or is all-in.",
            "ja": "このベッティングラウンドは終了です。残っている全員が{w}に揃えたか、オールインしています。",
            "ko": "이번 베팅 라운드는 끝났습니다. 남은 플레이어 모두 {w}에 맞췄거나 올인했습니다.",
        },
        "round_over_nobet": {
            "en": "The betting round is over: everyone still in has checked.",
            "ja": "このベッティングラウンドは終了です。残っている全員がチェックしました。",
            "ko": "이번 베팅 라운드는 끝났습니다. 남은 플레이어 모두 체크했습니다.",
        },
        "hand_over": {
            "en": "Everyone else has folded: {p} wins the pot and the hand is over.",
            "ja": "ほかの全員がフォールドしたため、{p}がポットを獲得してハンドは終了です。",
            "ko": "다른 플레이어가 모두 폴드해 {p}이(가) 팟을 가져가며 핸드가 끝났습니다.",
        },
        # -- why a raise is or is not open -------------------------------------------------
        "why_not_acted": {
            "en": "{p} has not acted yet this round (posting a blind does not count), so no reopening test applies.",
            "ja": "{p}はこのラウンドでまだ自発的なアクションをしていないため（ブラインドのポストは含まない）、リオープンの判定は不要です。",
            "ko": "{p}은(는) 이번 라운드에서 아직 스스로 액션하지 않았으므로(블라인드 포스팅은 제외) 리오픈 판정이 필요 없습니다.",
        },
        "why_reopened": {
            "en": "The betting is reopened for {p}: the bet has gone up by {diff} since {p} last acted, at least {thr}.",
            "ja": "{p}にはベッティングがリオープンしています。{p}の前回のアクション後にベットが{diff}上がり、{thr}以上だからです。",
            "ko": "{p}에게 베팅이 리오픈되었습니다. {p}의 마지막 액션 이후 벳이 {diff} 올라 {thr} 이상이기 때문입니다.",
        },
        "why_reopened_full": {
            "en": "The betting is reopened for {p}: a full raise has been made since {p} last acted.",
            "ja": "{p}の前回のアクション後にフルレイズがあったため、{p}にはベッティングがリオープンしています。",
            "ko": "{p}의 마지막 액션 이후 풀 레이즈가 있었으므로 {p}에게 베팅이 리오픈되었습니다.",
        },
        "why_not_reopened": {
            "en": "The betting is not reopened for {p}: the bet has gone up only {diff} since {p} last acted, less than {thr}.",
            "ja": "{p}にはリオープンしていません。前回のアクション後の上昇は{diff}だけで、{thr}に届かないからです。",
            "ko": "{p}에게는 리오픈되지 않았습니다. 마지막 액션 이후 오른 금액({diff})이 {thr}에 못 미치기 때문입니다.",
        },
        "why_barred": {
            "en": "{p} said “check” facing a bet, which is not a valid action: {p} must call or fold and may not raise.",
            "ja": "{p}はベットに直面して「チェック」と宣言しました。これは無効な宣言なので、コールかフォールドしか選べず、レイズはできません。",
            "ko": "{p}이(가) 벳을 마주하고 ‘체크’를 선언했습니다. 유효하지 않은 선언이므로 콜이나 폴드만 할 수 있고 레이즈는 할 수 없습니다.",
        },
        "why_cap": {
            "en": "The limit raise cap has been reached ({cap} raises after the bet).",
            "ja": "リミットのレイズ回数の上限（ベットのあとレイズ{cap}回）に達しています。",
            "ko": "리밋 레이즈 횟수 상한(벳 이후 레이즈 {cap}회)에 도달했습니다.",
        },
        "why_no_opponent": {
            "en": "Every other player still in is all-in, so there is no one left to face a raise.",
            "ja": "残っているほかのプレイヤーは全員オールインしているため、レイズに応じられる相手がいません。",
            "ko": "남은 다른 플레이어가 모두 올인해서 레이즈에 응할 상대가 없습니다.",
        },
        # -- fields -------------------------------------------------------------------------
        "f_to_call": {"en": "To call", "ja": "コールに必要な額", "ko": "콜 금액"},
        "f_bet_level": {"en": "Bet to match (W)", "ja": "現在のベット水準（W）", "ko": "맞춰야 할 벳(W)"},
        "f_full_raise": {"en": "Last full raise (R)", "ja": "最後のフルレイズ幅（R）", "ko": "마지막 풀 레이즈 폭(R)"},
        "f_full_raise_level": {"en": "Last full bet (R, house rule)", "ja": "直前のフルベット額（R・ハウスルール）",
                               "ko": "직전 풀 벳 금액(R, 하우스 룰)"},
        "f_bet_unit": {"en": "Limit bet", "ja": "リミットの1ベット", "ko": "리밋 1벳"},
        "f_min_raise": {"en": "Minimum raise to", "ja": "ミニマムレイズ（総額）", "ko": "최소 레이즈(총액)"},
        "f_min_bet": {"en": "Minimum bet", "ja": "ミニマムベット", "ko": "최소 벳"},
        "f_max_raise": {"en": "Pot-limit maximum", "ja": "ポットリミット上限", "ko": "팟 리밋 상한"},
        "f_pot": {"en": "Pot (with bets in front)", "ja": "ポット（前に出ているベットを含む）", "ko": "팟(앞에 나온 벳 포함)"},
        "f_readings": {"en": "How each action counts", "ja": "各アクションの扱い", "ko": "각 액션의 판정"},
        "f_notes": {"en": "Also", "ja": "補足", "ko": "참고"},
        "f_working": {"en": "Reopening check (W − L ≥ R)", "ja": "リオープン判定（W − L ≥ R）", "ko": "리오픈 판정(W − L ≥ R)"},
        "f_working_fl": {"en": "Reopening check, limit (W − L ≥ half a bet)", "ja": "リオープン判定・リミット（W − L ≥ 1ベットの半分）",
                         "ko": "리오픈 판정·리밋(W − L ≥ 1벳의 절반)"},
        "rules_title": {"en": "Rules", "ja": "根拠となるルール", "ko": "근거 규칙"},
        "footer": {
            "en": "The floor's decision is final (rule 1); this is the rule as written, for the facts as typed.",
            "ja": "最終判断はフロアが行います（第1項）。入力された事実に対する、ルールどおりの結論です。",
            "ko": "최종 결정은 플로어가 내립니다(규칙 1). 입력된 사실에 규칙을 그대로 적용한 결과입니다.",
        },
        "row_yes": {"en": "may raise", "ja": "レイズ可", "ko": "레이즈 가능"},
        "row_no": {"en": "no raise", "ja": "レイズ不可", "ko": "레이즈 불가"},
        "row_full": {"en": "full raise since, may raise", "ja": "その後フルレイズあり・レイズ可", "ko": "이후 풀 레이즈 있음, 레이즈 가능"},
        # -- what each action was read as ---------------------------------------------------
        "r_bet": {"en": "bet {to}", "ja": "{to}をベット", "ko": "{to} 벳"},
        "r_raise": {"en": "raise to {to}", "ja": "総額{to}にレイズ", "ko": "총 {to}까지 레이즈"},
        "r_call": {"en": "call {to}", "ja": "{to}にコール", "ko": "{to} 콜"},
        "r_check": {"en": "check", "ja": "チェック", "ko": "체크"},
        "r_check_invalid": {"en": "“check” (not valid facing a bet)", "ja": "「チェック」（ベットに直面しているため無効）",
                            "ko": "‘체크’(벳을 마주하고 있어 무효)"},
        "r_fold": {"en": "fold", "ja": "フォールド", "ko": "폴드"},
        "r_oot_pending": {"en": "held (out of turn): {reading}", "ja": "保留（順番外）：{reading}",
                          "ko": "보류(순서 밖): {reading}"},
        "r_oot_void": {"en": "void (out of turn)", "ja": "無効（順番外）", "ko": "무효(순서 밖)"},
        "r_allin": {"en": "all-in for {to}", "ja": "総額{to}でオールイン", "ko": "총 {to} 올인"},
        "r_allin_short": {"en": "all-in for {to} (short: not a full raise)", "ja": "総額{to}でオールイン（フルレイズに満たないショートオールイン）",
                          "ko": "총 {to} 올인(풀 레이즈에 못 미치는 숏 올인)"},
        "r_allin_full": {"en": "all-in for {to} (a full raise)", "ja": "総額{to}でオールイン（フルレイズ扱い）",
                         "ko": "총 {to} 올인(풀 레이즈)"},
        "r_undercall": {"en": "undercall, to be completed to {to}", "ja": "アンダーコール（{to}までのコールに修正）",
                        "ko": "언더콜({to}까지 콜로 보정)"},
        "r_undercall_td": {"en": "undercall: TD's decision (shown as a call of {to})", "ja": "アンダーコール：TDの裁量（ここでは{to}のコールとして扱う）",
                           "ko": "언더콜: TD 재량(여기서는 {to} 콜로 처리)"},
        # -- notes on readings ------------------------------------------------------------
        "n_bet_word_as_raise": {
            "en": "“bet” facing a bet is read as a raise to that total.",
            "ja": "ベットに直面しての「ベット」は、その総額へのレイズと読みます。",
            "ko": "벳을 마주하고 말한 ‘벳’은 그 총액으로의 레이즈로 봅니다.",
        },
        "n_raise_no_bet": {
            "en": "“raise” with no bet to face must be at least a minimum bet.",
            "ja": "誰もベットしていないときの「レイズ」宣言は、最低でもミニマムベット以上のベットになります。",
            "ko": "벳이 없는 상황의 ‘레이즈’는 최소한 최소 벳 이상이어야 합니다.",
        },
        "n_call_no_bet": {
            "en": "“call” with no bet to face counts as a check.",
            "ja": "ベットがない場面での「コール」はチェックになります。",
            "ko": "벳이 없는 상황의 ‘콜’은 체크가 됩니다.",
        },
        "n_check_facing_bet": {
            "en": "“check” facing a bet is not valid: the player must call {to_call} or fold, and may not raise.",
            "ja": "ベットに直面しての「チェック」は無効です。{to_call}を追加してコールするかフォールドするかで、レイズはできません。",
            "ko": "벳을 마주한 ‘체크’는 무효입니다. {to_call} 더 내고 콜하거나 폴드해야 하며 레이즈는 할 수 없습니다.",
        },
        "n_completed_to_minimum": {
            "en": "A raise to {asked} is short of the minimum: it must be completed to {to}.",
            "ja": "総額{asked}のレイズはミニマムに足りないため、{to}まで補って完成させます。",
            "ko": "총 {asked} 레이즈는 최소 금액에 못 미치므로 {to}까지 채워야 합니다.",
        },
        "n_ambiguous_amount": {
            "en": "“{said}” is too small to mean chips at these blinds; it is read as the largest sensible amount that does not exceed the pot before the bet ({pot}): {to}.",
            "ja": "「{said}」はこのブラインドでは額として小さすぎるため、ベット前のポット（{pot}）を超えない範囲で合理的に読める最大の額、{to}と読みます。",
            "ko": "‘{said}’은(는) 이 블라인드에서 실제 칩 금액으로 보기에는 너무 작으므로, 벳 전 팟({pot})을 넘지 않는 선에서 합리적으로 읽을 수 있는 가장 큰 금액인 {to}(으)로 봅니다.",
        },
        "n_ambiguous_amount_over_pot": {
            "en": "“{said}” is too small to mean chips at these blinds, and even its smallest sensible reading, {to}, is more than the pot before the bet ({pot}); it is shown as {to}, but the floor should confirm what the player meant.",
            "ja": "「{said}」はこのブラインドでは額として小さすぎますが、合理的に読める最小の額{to}でもベット前のポット（{pot}）を超えます。{to}として示しますが、プレイヤーの意図はフロアが確認してください。",
            "ko": "‘{said}’은(는) 이 블라인드에서 칩 금액으로 보기에는 너무 작지만, 합리적으로 읽을 수 있는 가장 작은 금액 {to}도 벳 전 팟({pot})보다 큽니다. {to}(으)로 표시하지만 플레이어의 의도는 플로어가 확인해야 합니다.",
        },
        "n_pulled_back_all": {
            "en": "All {prior} in front was pulled back, so only the new chips count: they are read on their own as a fresh push.",
            "ja": "前に出ていた{prior}をすべて引き戻したため、新たに出したチップだけを、あらためて出したものとして判断します。",
            "ko": "앞에 있던 {prior}을(를) 모두 회수했으므로 새로 낸 칩만을 새로 낸 것으로 보고 판단합니다.",
        },
        "n_pulled_back_part": {
            "en": "{back} of the {prior} in front was pulled back and {kept} left out: the final total is read by the 50% standard alone.",
            "ja": "前に出ていた{prior}のうち{back}を引き戻し、{kept}を残しています。最終的な合計額を50%基準だけで判断します。",
            "ko": "앞에 있던 {prior} 중 {back}을(를) 회수하고 {kept}을(를) 남겼습니다. 최종 합계를 50% 기준만으로 판단합니다.",
        },
        "n_pulled_back_must_call": {
            "en": "Chips pulled back while facing a bet bind the player to call or raise: {pushed} is short, so the call must be completed to {to} (no fold).",
            "ja": "ベットに直面して前のチップを引き戻したプレイヤーは、コールかレイズをしなければなりません。{pushed}では足りないため、{to}までコールを完成させます（フォールドはできません）。",
            "ko": "벳을 마주한 상태에서 앞의 칩을 회수한 플레이어는 콜 또는 레이즈를 해야 합니다. {pushed}로는 부족하므로 {to}까지 콜을 채워야 합니다(폴드 불가).",
        },
        "n_allin_below_minimum_call": {
            "en": "The all-in for {allin} is below the minimum bet: under these house rules the others still call the minimum bet, {to}, and a raise starts at twice it.",
            "ja": "{allin}のオールインはミニマムベットに届きません。このハウスルールでは、他のプレイヤーのコールはミニマムベットの{to}のままで、レイズはその倍からです。",
            "ko": "{allin} 올인은 최소 벳에 못 미칩니다. 이 하우스 룰에서는 다른 플레이어의 콜은 여전히 최소 벳({to})이고, 레이즈는 그 두 배부터입니다.",
        },
        "n_oot_pending": {
            "en": "Acted before {due}, whose turn it was: the action goes back to {due}. This stands if the bet faced ({w}) is the same when the turn comes round; a check, call or fold before then changes nothing, but a bet or raise makes it void, and the player may then do anything.",
            "ja": "本来の順番の{due}より先にアクションしました。アクションは{due}に戻ります。順番が来たとき直面するベット（{w}）が変わっていなければ、このアクションは有効です。それまでのチェック・コール・フォールドは変化に当たりませんが、ベットやレイズがあれば無効となり、改めてすべての選択肢から選べます。",
            "ko": "원래 차례인 {due}보다 먼저 액션했습니다. 액션은 {due}에게 돌아갑니다. 차례가 왔을 때 마주한 벳({w})이 그대로라면 이 액션은 유효합니다. 그 사이의 체크·콜·폴드는 변화가 아니지만, 벳이나 레이즈가 나오면 무효가 되고 모든 선택지를 다시 고를 수 있습니다.",
        },
        "n_oot_fold": {
            "en": "Folded before {due}, whose turn it was: the action goes back to {due}, and a fold out of turn stands whatever happens.",
            "ja": "本来の順番の{due}より先にフォールドしました。アクションは{due}に戻りますが、順番外のフォールドはどうなっても有効です。",
            "ko": "원래 차례인 {due}보다 먼저 폴드했습니다. 액션은 {due}에게 돌아가지만, 순서 밖 폴드는 어떤 경우에도 유효합니다.",
        },
        "n_oot_heads_up_check": {
            "en": "Heads-up, checked before {due}: the action goes back to {due}, and this player may only call or fold against any bet for the rest of the round, with no raise.",
            "ja": "ヘッズアップで{due}より先にチェックしました。アクションは{due}に戻り、このプレイヤーはこのラウンドの残りで、どのベットに対してもコールかフォールドしかできず、レイズはできません。",
            "ko": "헤즈업에서 {due}보다 먼저 체크했습니다. 액션은 {due}에게 돌아가고, 이 플레이어는 이번 라운드가 끝날 때까지 어떤 벳에도 콜이나 폴드만 할 수 있으며 레이즈는 할 수 없습니다.",
        },
        "n_oot_stands": {
            "en": "Acted out of turn; the bet faced was still {w} when the turn came round, so the action stands.",
            "ja": "順番外のアクションでしたが、順番が来たとき直面するベットは{w}のままだったため、そのまま有効です。",
            "ko": "순서 밖 액션이었지만 차례가 왔을 때 마주한 벳이 여전히 {w}였으므로 그대로 유효합니다.",
        },
        "n_oot_void": {
            "en": "Acted out of turn facing {was}; by the time the turn came round the bet was {w}, so the action is void, its chips go back and the player acts afresh.",
            "ja": "{was}に直面して順番外でアクションしましたが、順番が来たときベットは{w}に変わっていたため、そのアクションは無効です。チップは戻り、改めてアクションします。",
            "ko": "{was}을(를) 마주하고 순서 밖으로 액션했지만 차례가 왔을 때 벳이 {w}(으)로 바뀌었으므로 그 액션은 무효입니다. 칩은 돌려받고 다시 액션합니다.",
        },
        "n_oot_never_reached": {
            "en": "Acted out of turn, and the round ended before the turn came round: the action does not count.",
            "ja": "順番外のアクションでしたが、順番が来る前にラウンドが終わったため、そのアクションは数えません。",
            "ko": "순서 밖 액션이었지만 차례가 오기 전에 라운드가 끝났으므로 그 액션은 인정되지 않습니다.",
        },
        "n_oot_substantial": {
            "en": "Enough has happened out of turn past {due} to be substantial action: if {due} had a fair chance to speak up and did not, the actions out of turn stand and the floor decides what happens to {due}'s hand.",
            "ja": "{due}を飛ばした順番外のアクションがSAに当たるだけ起きています。{due}に指摘する合理的な時間があったのに指摘しなかったときは、順番外のアクションは有効となり、{due}のハンドの扱いはフロアが決めます。",
            "ko": "{due}을(를) 건너뛴 순서 밖 액션이 SA에 해당할 만큼 일어났습니다. {due}이(가) 지적할 만한 시간이 있었는데도 말하지 않았다면 순서 밖 액션은 유효하고, {due}의 핸드를 어떻게 할지는 플로어가 정합니다.",
        },
        "n_bet_completed_to_minimum": {
            "en": "A bet of {asked} is below the minimum bet: it is made {to}.",
            "ja": "{asked}のベットはミニマムベットに届かないため、{to}に修正します。",
            "ko": "{asked} 벳은 최소 벳에 못 미치므로 최소 벳({to})으로 보정합니다.",
        },
        "n_no_amount_minimum": {
            "en": "No amount was stated; it is shown at the minimum, {to}.",
            "ja": "額が示されていないため、最小額の{to}として表示しています。",
            "ko": "금액을 말하지 않았으므로 최소 금액({to})으로 표시합니다.",
        },
        "n_raise_not_allowed": {
            "en": "A raise is not open to this player here, so the action stands as a call.",
            "ja": "この場面ではこのプレイヤーにレイズ権がないため、コールとして扱います。",
            "ko": "이 상황에서는 이 플레이어에게 레이즈 권한이 없으므로 콜로 처리합니다.",
        },
        "n_allin_raise_not_allowed": {
            "en": "All-in for {asked}, but a raise is not open to this player: it counts as a call and the rest stays behind.",
            "ja": "総額{asked}のオールインですが、このプレイヤーにはレイズ権がないためコールとなり、残りは手元に戻ります。",
            "ko": "총 {asked} 올인이지만 이 플레이어에게 레이즈 권한이 없어 콜로 처리되고 나머지는 돌려받습니다.",
        },
        "n_limit_fixed_raise": {
            "en": "In fixed limit the raise is to {to}, not {asked}.",
            "ja": "リミットではレイズ額が決まっているため、{asked}ではなく総額{to}です。",
            "ko": "리밋에서는 레이즈 금액이 정해져 있어 총 {to}입니다(입력: {asked}).",
        },
        "n_limit_fixed_bet": {
            "en": "In fixed limit the bet is {to}, not {asked}.",
            "ja": "リミットではベット額が決まっているため、{asked}ではなく{to}です。",
            "ko": "리밋에서는 벳 금액이 정해져 있어 {to}입니다(입력: {asked}).",
        },
        "n_capped_at_pot": {
            "en": "{asked} is more than the pot-limit maximum: it is reduced to {to}.",
            "ja": "{asked}はポットリミットの上限を超えるため、{to}に減らします。",
            "ko": "팟 리밋 상한을 넘는 금액({asked})이므로 상한 금액({to})으로 줄입니다.",
        },
        "n_half_rule_raise": {
            "en": "{pushed} in total adds at least half of a full raise ({need}), so it must be made a full raise to {to}.",
            "ja": "総額{pushed}はフルレイズ幅{need}の50%以上を上乗せしているため、総額{to}のフルレイズにしなければなりません。",
            "ko": "낸 칩의 총액({pushed})은 풀 레이즈 폭 {need}의 50% 이상을 더했으므로 총액 {to}의 풀 레이즈로 만들어야 합니다.",
        },
        "n_half_rule_call": {
            "en": "{pushed} in total adds less than half of a full raise ({need}), so it is a call of {to}; the extra chips go back.",
            "ja": "総額{pushed}の上乗せはフルレイズ幅{need}の50%未満なので、{to}のコールとなり、余分なチップは返します。",
            "ko": "총 {pushed}의 추가분이 풀 레이즈 폭 {need}의 50% 미만이므로 {to} 콜이 되고 남는 칩은 돌려줍니다.",
        },
        "n_single_chip_call": {
            "en": "One oversized chip ({chip}) put out without saying “raise” first is a call.",
            "ja": "先に「レイズ」と言わずに出したオーバーチップ1枚（{chip}）はコールです。",
            "ko": "먼저 ‘레이즈’라고 말하지 않고 낸 오버칩 한 개({chip})는 콜입니다.",
        },
        "n_multi_chip_call": {
            "en": "Taking away one {smallest} chip would leave less than the call, so every chip was needed: a call.",
            "ja": "{smallest}のチップを1枚抜くとコール額に届かないため、すべてのチップがコールに必要です。よってコールです。",
            "ko": "{smallest} 칩 하나를 빼면 콜 금액에 못 미치므로 모든 칩이 콜에 필요합니다. 따라서 콜입니다.",
        },
        "n_last_chips_allin": {
            "en": "These were the player's last chips, so the player is all-in.",
            "ja": "手元の最後のチップなので、オールインです。",
            "ko": "가진 마지막 칩이므로 올인입니다.",
        },
        "n_undercall_must_call": {
            "en": "{pushed} is short of the call without “call” being said; {why} the player must complete the call to {to}.",
            "ja": "「コール」と言わずに出した{pushed}はコール額に足りません。{why}、{to}までコールを完成させなければなりません。",
            "ko": "‘콜’ 없이 낸 금액({pushed})은 콜 금액에 못 미칩니다. {why} {to}까지 콜을 채워야 합니다.",
        },
        "n_undercall_td_discretion": {
            "en": "{pushed} is short of the call after a raise in a multiway pot: the TD decides whether the player completes the call to {to} or gives up {pushed} and folds. The rest of this ruling assumes the call.",
            "ja": "マルチウェイでレイズに対して出した{pushed}はコール額に足りません。{to}までのコールを求めるか、{pushed}を放棄してフォールドさせるかはTDが決めます。以下はコールしたものとして計算しています。",
            "ko": "멀티웨이에서 레이즈에 대해 낸 금액({pushed})은 콜 금액에 못 미칩니다. {to}까지 콜하게 할지, 낸 칩({pushed})을 포기하고 폴드하게 할지는 TD가 정합니다. 아래는 콜한 것으로 계산했습니다.",
        },
        "why_heads_up": {"en": "heads-up,", "ja": "ヘッズアップなので", "ko": "헤즈업이므로"},
        "why_opening_bet": {"en": "it was the round's opening bet,", "ja": "このラウンドのオープンベットに対するものなので",
                            "ko": "이번 라운드의 오픈 벳에 대한 것이므로"},
        "why_multiway_raise": {"en": "", "ja": "", "ko": ""},
        "n_declared_call_binds": {
            "en": "Saying “call” binds the player to the whole {to}, even though only {pushed} was pushed.",
            "ja": "「コール」と宣言したので、出したのが{pushed}だけでも{to}全額のコールに拘束されます。",
            "ko": "‘콜’이라고 선언했으므로 {pushed}만 냈더라도 {to} 전액을 콜해야 합니다.",
        },
        "n_house_single_chip_min_bet": {
            "en": "House rule: one big chip ({chip}) thrown in silently with no bet to face is a minimum bet ({to}).",
            "ja": "ハウスルール：ベットがない場面で無言で出した大きなチップ1枚（{chip}）はミニマムベット（{to}）です。",
            "ko": "하우스 룰: 벳이 없을 때 말없이 낸 큰 칩 한 개({chip})는 최소 벳({to})입니다.",
        },
        "n_declared_raise_single_chip": {
            "en": "“Raise” was said before the single {chip} chip landed, so it is a raise to what that chip allows.",
            "ja": "{chip}のチップ1枚が置かれる前に「レイズ」と宣言したので、そのチップで可能な額までのレイズです。",
            "ko": "{chip} 칩 한 개가 닿기 전에 ‘레이즈’를 선언했으므로 그 칩으로 가능한 금액까지의 레이즈입니다.",
        },
        "n_fold_no_bet": {
            "en": "Folding with no bet to face is binding, and may be penalised.",
            "ja": "ベットがない場面でのフォールドにも拘束力があり、ペナルティの対象になることがあります。",
            "ko": "벳이 없는 상황의 폴드도 유효하며 페널티 대상이 될 수 있습니다.",
        },
        "n_pot_bet": {
            "en": "“Pot”: the pot-limit maximum here is {to}.",
            "ja": "「ポット」：ここでのポットリミット上限は{to}です。",
            "ko": "‘팟’: 여기서 팟 리밋 상한은 {to}입니다.",
        },
        "n_pot_word_not_limit": {
            "en": "Outside pot limit, “pot” is not a valid amount: the player must still make at least a minimum bet or raise, shown here at the minimum.",
            "ja": "ポットリミット以外では「ポット」は有効な額の宣言になりません。少なくとも最小額のベットかレイズが必要で、ここでは最小額で表示しています。",
            "ko": "팟 리밋이 아니면 ‘팟’은 유효한 금액 선언이 아닙니다. 최소 금액 이상의 벳이나 레이즈를 해야 하며 여기서는 최소 금액으로 표시합니다.",
        },
        "n_short_allin": {
            "en": "It adds {by}, less than a full raise of {need}: on its own it reopens nothing, and the minimum raise stays based on {need}.",
            "ja": "上乗せは{by}で、フルレイズ幅{need}に届きません。単独ではリオープンせず、ミニマムレイズの基準も{need}のままです。",
            "ko": "추가분({by})은 풀 레이즈 폭 {need}에 못 미칩니다. 이것만으로는 리오픈되지 않으며 최소 레이즈 기준도 {need} 그대로입니다.",
        },
        "n_betting_for_change": {
            "en": "Pushing extra chips in the hope of change counts: every chip put out silently may be taken as the bet.",
            "ja": "お釣りを期待して多めに出したチップも数えます。黙って出したチップはすべてベットとみなされることがあります。",
            "ko": "거스름돈을 기대하고 더 낸 칩도 셉니다. 말없이 낸 칩은 모두 벳으로 간주될 수 있습니다.",
        },
        "n_query_no_decision_allin": {
            "en": "{p} is all-in and has no decision left this round.",
            "ja": "{p}はオールインしているので、このラウンドで決めることはもうありません。",
            "ko": "{p}은(는) 올인해서 이번 라운드에 더 결정할 것이 없습니다.",
        },
        "n_query_no_decision_folded": {
            "en": "{p} has folded and has no decision left.",
            "ja": "{p}はフォールドしているので、決めることはもうありません。",
            "ko": "{p}은(는) 폴드해서 더 결정할 것이 없습니다.",
        },
        "n_alias_limp": {
            "en": "“Limp” means a call: read as a call of {w}.",
            "ja": "「リンプ」はコールのことなので、{w}のコールとして読みました。",
            "ko": "‘림프’는 콜이라는 뜻이라 {w}에 콜한 것으로 읽었습니다.",
        },
        "n_alias_minraise": {
            "en": "“Min-raise” read as a raise to the minimum, {to}.",
            "ja": "「ミニマムレイズ」は最低額へのレイズとして、総額{to}と読みました。",
            "ko": "‘민레이즈’는 최소 금액 레이즈로 보아 총 {to}(으)로 읽었습니다.",
        },
        "n_alias_times": {
            "en": "“{times}x” read as {times} times the bet of {w}: a raise to {to} as asked.",
            "ja": "「{times}x」はベット{w}の{times}倍として、総額{to}へのレイズの申告と読みました。",
            "ko": "‘{times}x’는 벳 {w}의 {times}배로 보아 총 {to}까지의 레이즈 선언으로 읽었습니다.",
        },
        "n_heads_up_order": {
            "en": "Heads-up: the button is the small blind, acting first before the flop and last after it.",
            "ja": "ヘッズアップではボタンがSBで、プリフロップは最初に、フロップ以降は最後にアクションします。",
            "ko": "헤즈업에서는 버튼이 SB이며 프리플랍에는 먼저, 플랍 이후에는 마지막에 액션합니다.",
        },
        "n_limit_cap_house": {
            "en": "How many raises a limit round allows is set by the house; no cap is applied here.",
            "ja": "リミットのレイズ回数の上限はハウスが定めるため、ここでは上限を適用していません。",
            "ko": "리밋 레이즈 횟수 상한은 하우스가 정하므로 여기서는 상한을 적용하지 않았습니다.",
        },
    },
    name="ruling",
)

ERRORS = Messages(
    {
        "empty_hand": {
            "en": "No hand given. Write the blinds, the street and the actions.",
            "ja": "ハンドが入力されていません。ブラインド、ストリート、アクションを書いてください。",
            "ko": "핸드가 없습니다. 블라인드, 스트리트, 액션을 적어 주세요.",
        },
        "no_colon": {
            "en": "Put a colon between the table setup and the actions.",
            "ja": "テーブル設定とアクションの間にコロン（:）を入れてください。",
            "ko": "테이블 설정과 액션 사이에 콜론(:)을 넣어 주세요.",
        },
        "no_actions": {
            "en": "There are no actions after the colon.",
            "ja": "コロンのあとにアクションがありません。",
            "ko": "콜론 뒤에 액션이 없습니다.",
        },
        "missing_blinds": {
            "en": "The blinds are missing (for example 50/100).",
            "ja": "ブラインドがありません（例：50/100）。",
            "ko": "블라인드가 없습니다(예: 50/100).",
        },
        "bad_blinds": {
            "en": "“{text}” is not a pair of blinds: write small/big, for example 50/100.",
            "ja": "「{text}」はブラインドとして読めません。SB/BBの順で書いてください（例：50/100）。",
            "ko": "‘{text}’은(는) 블라인드로 읽을 수 없습니다. SB/BB 순서로 적어 주세요(예: 50/100).",
        },
        "missing_street": {
            "en": "The street is missing: preflop, flop, turn or river.",
            "ja": "ストリートがありません。プリフロップ・フロップ・ターン・リバーのどれかを書いてください。",
            "ko": "스트리트가 없습니다. 프리플랍, 플랍, 턴, 리버 중 하나를 적어 주세요.",
        },
        "bad_pot": {
            "en": "“pot” must be followed by an amount.",
            "ja": "「pot」のあとには金額を書いてください。",
            "ko": "‘pot’ 뒤에는 금액을 적어 주세요.",
        },
        "ambiguous_amount_needs_pot": {
            "en": "{player} said {amount}, which is too small to mean chips at these blinds: it is read by the size of the pot before the bet (500 or 5,000 ...), so the header needs “pot N”.",
            "ja": "{player}の「{amount}」はこのブラインドでは額として小さすぎます。ベット前のポット額で読み方（500か5,000か…）が決まるため、見出しに「pot 金額」を加えてください。",
            "ko": "{player}이(가) 말한 ‘{amount}’은(는) 이 블라인드에서 칩 금액으로 보기에는 너무 작습니다. 벳 전 팟 크기로 읽는 방법(500인지 5,000인지 등)이 정해지므로 머리글에 ‘pot 금액’을 넣어 주세요.",
        },
        "back_without_chips": {
            "en": "“back” says chips in front were pulled back; say which chips were pushed instead, after it.",
            "ja": "「back」は前のチップを引き戻したことを表します。その後に、代わりに出したチップを書いてください。",
            "ko": "‘back’은 앞의 칩을 회수했다는 뜻입니다. 그 뒤에 대신 낸 칩을 적어 주세요.",
        },
        "nothing_to_pull_back": {
            "en": "{player} has no chips in front this street, so nothing could be pulled back.",
            "ja": "{player}はこのストリートで前にチップを出していないため、引き戻すものがありません。",
            "ko": "{player}은(는) 이번 스트리트에 앞에 낸 칩이 없어 회수할 것이 없습니다.",
        },
        "pulled_back_too_much": {
            "en": "{player} has only {already} in front; {amount} cannot have been pulled back.",
            "ja": "{player}が前に出しているのは{already}だけです。{amount}を引き戻すことはできません。",
            "ko": "{player}이(가) 앞에 낸 금액은 {already}뿐입니다. {amount}을(를) 회수할 수는 없습니다.",
        },
        "pot_needed": {
            "en": "Pot limit after the flop needs the pot size to compute the maximum: add “pot N”.",
            "ja": "ポットリミットのフロップ以降は、上限の計算にポット額が必要です。「pot 金額」を加えてください。",
            "ko": "팟 리밋의 플랍 이후에는 상한 계산에 팟 금액이 필요합니다. ‘pot 금액’을 추가해 주세요.",
        },
        "unknown_header_word": {
            "en": "“{word}” is not a game, blinds, street, pot or players.",
            "ja": "「{word}」はゲーム・ブラインド・ストリート・pot・players のどれとしても読めません。",
            "ko": "‘{word}’은(는) 게임, 블라인드, 스트리트, pot, players 중 어느 것으로도 읽을 수 없습니다.",
        },
        "empty_players": {
            "en": "“players” must be followed by the players in seat order.",
            "ja": "「players」のあとに席順でプレイヤーを並べてください。",
            "ko": "‘players’ 뒤에 좌석 순서대로 플레이어를 적어 주세요.",
        },
        "duplicate_player": {
            "en": "{name} appears twice in the players list.",
            "ja": "プレイヤー一覧に{name}が2回出てきます。",
            "ko": "플레이어 목록에 {name}이(가) 두 번 나옵니다.",
        },
        "unknown_player": {
            "en": "{player} is not in the players list ({players}).",
            "ja": "{player}はプレイヤー一覧（{players}）にいません。",
            "ko": "{player}은(는) 플레이어 목록({players})에 없습니다.",
        },
        "bad_chips": {
            "en": "Could not read the chips “{text}”: write them like 1000+100x5.",
            "ja": "チップ「{text}」を読み取れません。1000+100x5 のように書いてください。",
            "ko": "칩 ‘{text}’을(를) 읽을 수 없습니다. 1000+100x5처럼 적어 주세요.",
        },
        "missing_action": {
            "en": "{player} has no action: add bet, raise, call, check, fold, allin, an amount or chips.",
            "ja": "{player}のアクションがありません。ベット・レイズ・コール・チェック・フォールド・オールイン、金額、チップのいずれかを書いてください。",
            "ko": "{player}의 액션이 없습니다. 벳, 레이즈, 콜, 체크, 폴드, 올인, 금액 또는 칩을 적어 주세요.",
        },
        "missing_player": {
            "en": "Each action starts with the player's name or seat.",
            "ja": "各アクションはプレイヤー名か席番号から書き始めてください。",
            "ko": "각 액션은 플레이어 이름이나 좌석 번호로 시작해야 합니다.",
        },
        "unknown_verb": {
            "en": "“{word}” is not an action.",
            "ja": "「{word}」はアクションとして読めません。",
            "ko": "‘{word}’은(는) 액션으로 읽을 수 없습니다.",
        },
        "unexpected_word": {
            "en": "Did not expect “{word}” here.",
            "ja": "ここに「{word}」は入りません。",
            "ko": "여기에는 ‘{word}’이(가) 올 수 없습니다.",
        },
        "last_without_chips": {
            "en": "“last” goes after chips pushed, as in “A chips 1000 last”.",
            "ja": "「last」はチップのあとに書きます（例：A chips 1000 last）。",
            "ko": "‘last’는 칩 뒤에 씁니다(예: A chips 1000 last).",
        },
        "amount_not_allowed": {
            "en": "“{verb}” takes no amount.",
            "ja": "「{verb}」に金額は付けません。",
            "ko": "‘{verb}’에는 금액을 붙이지 않습니다.",
        },
        "chips_not_allowed": {
            "en": "“{verb}” takes no chips.",
            "ja": "「{verb}」にチップは付けません。",
            "ko": "‘{verb}’에는 칩을 붙이지 않습니다.",
        },
        "allin_needs_amount": {
            "en": "Say how much the all-in is, as the player's total for the street.",
            "ja": "オールインの額を、そのストリートでの総額で書いてください。",
            "ko": "올인 금액을 그 스트리트의 총액으로 적어 주세요.",
        },
        "too_many_actions": {
            "en": "{count} actions is more than the {limit} a hand may have.",
            "ja": "アクションが{count}個あります。1ハンドの上限は{limit}個です。",
            "ko": "액션이 {count}개입니다. 한 핸드에 최대 {limit}개까지입니다.",
        },
        "query_not_last": {
            "en": "A question like “{player}?” goes at the very end.",
            "ja": "「{player}?」のような質問は最後に書いてください。",
            "ko": "‘{player}?’ 같은 질문은 맨 끝에 적어 주세요.",
        },
        "amount_below_in": {
            "en": "{player} already has {already} in front; {amount} is not more than that (amounts are the player's total for the street).",
            "ja": "{player}はすでに{already}を出しています。{amount}はそれより多くありません（金額はそのストリートでの総額です）。",
            "ko": "{player}은(는) 이미 {already}만큼 냈습니다. 입력한 금액({amount})은 그보다 많지 않습니다(금액은 그 스트리트의 총액입니다).",
        },
        "acted_after_fold": {
            "en": "{player} has already folded and cannot act again.",
            "ja": "{player}はすでにフォールドしているので、アクションできません。",
            "ko": "{player}은(는) 이미 폴드해서 액션할 수 없습니다.",
        },
        "acted_after_allin": {
            "en": "{player} is already all-in and has nothing left to act with.",
            "ja": "{player}はすでにオールインしているので、これ以上アクションできません。",
            "ko": "{player}은(는) 이미 올인해서 더 액션할 수 없습니다.",
        },
        "round_over": {
            "en": "The betting round was already over before {player} acted.",
            "ja": "{player}のアクションの前に、ベッティングラウンドはすでに終わっています。",
            "ko": "{player}의 액션 전에 이미 베팅 라운드가 끝났습니다.",
        },
        "bad_short_blind": {
            "en": "Write a blind that was not posted in full as “short BB 100” (what it posted) or “dead SB”, preflop only, below the blind.",
            "ja": "全額ポストされなかったブラインドは「short BB 100」（実際の額）か「dead SB」と書きます。プリフロップのみで、ブラインド額未満に限ります。",
            "ko": "전액을 내지 못한 블라인드는 ‘short BB 100’(실제 낸 금액) 또는 ‘dead SB’로 적습니다. 프리플랍에서만, 블라인드 금액보다 적을 때만 씁니다.",
        },
        "bad_amount": {
            "en": "“{word}” is not an amount floorcall can read (whole chips, at most 18 digits, 2,000 or 2k style).",
            "ja": "「{word}」は金額として読めません（整数のチップ額、18桁まで。2,000 や 2k の形式）。",
            "ko": "‘{word}’은(는) 금액으로 읽을 수 없습니다(정수 칩 금액, 18자리까지, 2,000 또는 2k 형식).",
        },
        "too_few_players": {
            "en": "A betting round needs at least two players: name them with “players A B” or ask “B?” at the end.",
            "ja": "ベッティングラウンドには2人以上のプレイヤーが必要です。「players A B」で並べるか、最後に「B?」と書いてください。",
            "ko": "베팅 라운드에는 플레이어가 두 명 이상 필요합니다. ‘players A B’로 적거나 끝에 ‘B?’를 붙여 주세요.",
        },
        "out_of_turn_again": {
            "en": "{player} already has an action out of turn waiting; the action is on {expected}.",
            "ja": "{player}にはすでに保留中の順番外アクションがあります。いまアクションするのは{expected}です。",
            "ko": "{player}에게는 이미 보류 중인 순서 밖 액션이 있습니다. 지금은 {expected} 차례입니다.",
        },
        "missing_separator": {
            "en": "“{word}” starts another action: put a comma before it.",
            "ja": "「{word}」から次のアクションが始まっています。前に「、」か「,」を入れてください。",
            "ko": "‘{word}’부터 다음 액션입니다. 앞에 쉼표를 넣어 주세요.",
        },
        "bad_times": {
            "en": "“{word}” is not a raise size floorcall can read: a multiple above 1, such as 2.5x or 3x.",
            "ja": "「{word}」はレイズ額として読めません。2.5x や 3x のように1より大きい倍数で書いてください。",
            "ko": "‘{word}’은(는) 레이즈 크기로 읽을 수 없습니다. 2.5x, 3x처럼 1보다 큰 배수로 적어 주세요.",
        },
        "times_needs_bet": {
            "en": "“{player} 3x” needs a bet to multiply, and there is none yet: write the amount instead.",
            "ja": "「3x」は倍にするベットが必要ですが、まだベットがありません。金額で書いてください。",
            "ko": "‘3x’는 배로 할 벳이 있어야 하는데 아직 벳이 없습니다. 금액으로 적어 주세요.",
        },
        "not_their_turn_unnamed": {
            "en": "It is not {player}'s turn: the player after {player}, not named in the hand, acts next. Name them (“B?” at the end, or “players A B”).",
            "ja": "{player}の順番ではありません。次は{player}のあとの、まだ書かれていないプレイヤーです。そのプレイヤーを書いてください（最後に「B?」、または「players A B」）。",
            "ko": "{player} 차례가 아닙니다. 다음은 {player} 다음 자리의, 아직 적히지 않은 플레이어입니다. 그 플레이어를 적어 주세요(끝에 ‘B?’ 또는 ‘players A B’).",
        },
        "not_their_turn": {
            "en": "It is not {player}'s turn yet: the action is on {expected}. Ask “{expected}?”, or type what {expected} did.",
            "ja": "まだ{player}の順番ではありません。いまアクションするのは{expected}です。「{expected}?」と尋ねるか、{expected}のアクションを入力してください。",
            "ko": "아직 {player} 차례가 아닙니다. 지금은 {expected} 차례입니다. ‘{expected}?’로 묻거나 {expected}의 액션을 입력해 주세요.",
        },
    },
    name="ruling-errors",
)
