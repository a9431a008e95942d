define dllexport void @i64_shifts(i32 %arg0) {
bb0:
  %v0 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 0)
  %v1 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 4)
  %v2 = shl <8 x i64> %v0, <i64 3, i64 3, i64 3, i64 3, i64 3, i64 3, i64 3, i64 3>
  %v3 = lshr <8 x i64> %v2, <i64 40, i64 40, i64 40, i64 40, i64 40, i64 40, i64 40, i64 40>
  %v4 = ashr <8 x i64> %v0, <i64 33, i64 33, i64 33, i64 33, i64 33, i64 33, i64 33, i64 33>
  %v5 = shl <8 x i64> %v3, %v1
  %v6 = lshr <8 x i64> %v5, %v1
  %v7 = ashr <8 x i64> %v4, %v1
  %v8 = add <8 x i64> %v6, %v7
  %v9 = udiv <8 x i64> %v8, <i64 16, i64 16, i64 16, i64 16, i64 16, i64 16, i64 16, i64 16>
  %v10 = urem <8 x i64> %v8, <i64 8, i64 8, i64 8, i64 8, i64 8, i64 8, i64 8, i64 8>
  %v11 = add <8 x i64> %v9, %v10
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 8, <8 x i64> %v11)
  ret void
}

declare <8 x i64> @llvm.genx.oword.ld.v8i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @i64_shifts, !"i64_shifts", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
