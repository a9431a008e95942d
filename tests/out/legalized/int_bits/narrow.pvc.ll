define dllexport void @narrow(i32 %arg0, i32 %arg1, i32 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 1
  %v2 = call <16 x i16> @llvm.genx.oword.ld.v16i16(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <16 x i8> @llvm.genx.oword.ld.v16i8(i32 0, i32 %arg1, i32 %v0)
  %v4 = sext <16 x i8> %v3 to <16 x i16>
  %v5 = mul <16 x i16> %v2, %v4
  %v6 = sub <16 x i16> %v5, <i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3>
  call void @llvm.genx.oword.st.v16i16(i32 %arg0, i32 %v1, <16 x i16> %v6)
  %v8 = trunc <16 x i16> %v6 to <16 x i8>
  %v9 = add <16 x i8> %v8, %v3
  call void @llvm.genx.oword.st.v16i8(i32 %arg1, i32 %v0, <16 x i8> %v9)
  %v11 = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %arg2, i32 %v0)
  %v12 = call <8 x i32> @llvm.genx.umulh.v8i32.v8i32.v8i32(<8 x i32> %v11, <8 x i32> <i32 -1431655765, i32 -1431655765, i32 -1431655765, i32 -1431655765, i32 -1431655765, i32 -1431655765, i32 -1431655765, i32 -1431655765>)
  call void @llvm.genx.oword.st.v8i32(i32 %arg2, i32 %v0, <8 x i32> %v12)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i16> @llvm.genx.oword.ld.v16i16(i32, i32, i32)
declare <16 x i8> @llvm.genx.oword.ld.v16i8(i32, i32, i32)
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i16(i32, i32, <16 x i16>)
declare void @llvm.genx.oword.st.v16i8(i32, i32, <16 x i8>)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.umulh.v8i32.v8i32.v8i32(<8 x i32>, <8 x i32>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32)* @narrow, !"narrow", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 2}
!2 = !{i32 128, i32 132, i32 136}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_write", !"buffer_t read_write", !"buffer_t read_write"}
