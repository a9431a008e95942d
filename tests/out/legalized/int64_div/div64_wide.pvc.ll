define dllexport void @div64_wide(i32 %arg0) {
bb0:
  %v0 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 0)
  %v1 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 8)
  %v2 = udiv <16 x i64> %v0, %v1
  %v3 = srem <16 x i64> %v2, %v0
  %v4 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 8, i32 2, i16 8, i32 undef)
  %v5 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v6 = sdiv <8 x i64> %v4, %v5
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 16, <16 x i64> %v3)
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 24, <8 x i64> %v6)
  ret void
}

declare <16 x i64> @llvm.genx.oword.ld.v16i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i64(i32, i32, <16 x i64>)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)

!genx.kernels = !{!0}
!0 = !{void (i32)* @div64_wide, !"div64_wide", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
