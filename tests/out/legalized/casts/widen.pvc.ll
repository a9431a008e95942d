define dllexport void @widen(i32 %arg0, i32 %arg1, i32 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <16 x i8> @llvm.genx.oword.ld.v16i8(i32 0, i32 %arg0, i32 %v0)
  %v2 = zext <16 x i8> %v1 to <16 x i16>
  %v3 = sext <16 x i8> %v1 to <16 x i32>
  %v4 = zext <16 x i16> %v2 to <16 x i32>
  %v5 = add <16 x i32> %v3, %v4
  %v6 = trunc <16 x i32> %v5 to <16 x i16>
  %v7 = shl i32 %v0, 1
  call void @llvm.genx.oword.st.v16i16(i32 %arg1, i32 %v7, <16 x i16> %v6)
  %v9 = shl i32 %v0, 2
  call void @llvm.genx.oword.st.v16i32(i32 %arg2, i32 %v9, <16 x i32> %v5)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i8> @llvm.genx.oword.ld.v16i8(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i16(i32, i32, <16 x i16>)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32)* @widen, !"widen", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 2}
!2 = !{i32 128, i32 132, i32 136}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only", !"buffer_t write_only"}
